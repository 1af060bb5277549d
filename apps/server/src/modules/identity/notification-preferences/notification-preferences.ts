import { StatusError } from '../core/known-errors.ts';
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from './notification-categories.ts';
import type { NotificationPreferencesRepository } from './notification-preferences-repository.ts';

export interface NotificationPreference {
  category: NotificationCategory;
  enabled: boolean;
}

/** Which kinds of email a user wants (stack-auth.md: emails/notification-preference). */
export class NotificationPreferences {
  readonly #repository: NotificationPreferencesRepository;

  constructor(repository: NotificationPreferencesRepository) {
    this.#repository = repository;
  }

  /** Every category, at the user's choice or its default. */
  async list(userId: string): Promise<NotificationPreference[]> {
    const choices = await this.#repository.choices(userId);
    return NOTIFICATION_CATEGORIES.map((category) => ({
      category,
      enabled: category.canDisable
        ? (choices.get(category.id) ?? category.defaultEnabled)
        : category.defaultEnabled,
    }));
  }

  /** Turns a category on or off; transactional mail stays on whatever is asked. */
  async set(userId: string, categoryId: string, enabled: boolean): Promise<NotificationPreference> {
    const category = NOTIFICATION_CATEGORIES.find((candidate) => candidate.id === categoryId);
    if (!category) throw new StatusError(404, 'No notification category has this id.');
    if (!enabled && !category.canDisable) {
      throw new StatusError(
        400,
        `${category.name} emails cannot be turned off: they are about the account itself.`,
      );
    }
    await this.#repository.choose(userId, category.id, enabled);
    return { category, enabled };
  }
}
