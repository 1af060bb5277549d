import { randomUUID } from 'node:crypto';
import { StatusError } from '../core/known-errors.ts';
import type { AiChatRepository } from './ai-chat-repository.ts';

/** An OpenAI-compatible chat endpoint: its base URL, key and model. */
export interface AiChatSettings {
  url: string;
  key: string | null;
  model: string;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | unknown[];
}

/** What the model is told for each kind of conversation the dashboard starts. */
const CONTEXT_PROMPTS: Record<string, string> = {
  'email-theme':
    'You help an operator write an email theme: a TSX component that wraps email content. Answer with the code and a short explanation.',
  'email-template':
    'You help an operator write an email template in TSX for their users. Answer with the code and a short explanation.',
  'email-draft':
    'You help an operator draft an email to their users. Answer with the draft and a short explanation.',
};
const DEFAULT_PROMPT =
  'You help the operator of an identity service (users, teams, permissions, emails, payments) configure their project. Be brief.';

const TIMEOUT_MS = 60_000;

/**
 * The admin tier's AI chat (spec §7): conversations kept per thread, and answers from any
 * OpenAI-compatible endpoint the server is configured with (IPICK_AI_CHAT_URL and
 * IPICK_AI_CHAT_KEY). Without one, asking for an answer says that none is configured.
 */
export class AiChat {
  readonly #repository: AiChatRepository;
  readonly #settings: AiChatSettings | null;

  constructor(repository: AiChatRepository, settings: AiChatSettings | null) {
    this.#repository = repository;
    this.#settings = settings;
  }

  /** Stores a message of the thread (PATCH /internal/ai-chat/{id}). */
  save(projectId: string, threadId: string, message: unknown): Promise<void> {
    return this.#repository.append(projectId, threadId, {
      id: randomUUID(),
      body: message,
      contextType: null,
    });
  }

  list(projectId: string, threadId: string): Promise<unknown[]> {
    return this.#repository.list(projectId, threadId);
  }

  /** The model's answer to the conversation so far (POST /internal/ai-chat/{id}). */
  async answer(contextType: string, messages: ChatMessage[]): Promise<string> {
    const settings = this.#settings;
    if (!settings) {
      throw new StatusError(
        503,
        'No AI chat endpoint is configured on this server: set IPICK_AI_CHAT_URL (an OpenAI-compatible API) and IPICK_AI_CHAT_KEY.',
      );
    }
    const base = settings.url.replace(/\/+$/, '');
    const url = /\/v1$/.test(base) ? `${base}/chat/completions` : `${base}/v1/chat/completions`;
    const system = CONTEXT_PROMPTS[contextType] ?? DEFAULT_PROMPT;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(settings.key ? { authorization: `Bearer ${settings.key}` } : {}),
        },
        body: JSON.stringify({
          model: settings.model,
          messages: [
            { role: 'system', content: system },
            ...messages.map((m) => ({ role: m.role, content: textOf(m.content) })),
          ],
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new StatusError(
        502,
        `The AI chat endpoint could not be reached (${(error as Error).name === 'TimeoutError' ? 'no answer in time' : (error as Error).message}).`,
      );
    }
    const body = (await response.json().catch(() => null)) as {
      choices?: { message?: { content?: unknown } }[];
    } | null;
    const content = body?.choices?.[0]?.message?.content;
    if (!response.ok || typeof content !== 'string') {
      throw new StatusError(
        502,
        `The AI chat endpoint answered ${response.status} without a chat completion.`,
      );
    }
    return content;
  }
}

/** A message's text: a string, or the text parts of a list of content blocks. */
function textOf(content: string | unknown[]): string {
  if (typeof content === 'string') return content;
  return content
    .map((part) =>
      typeof part === 'string'
        ? part
        : typeof (part as { text?: unknown }).text === 'string'
          ? (part as { text: string }).text
          : '',
    )
    .filter((text) => text !== '')
    .join('\n');
}
