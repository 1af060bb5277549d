/**
 * The templates and theme every project starts with (spec §3 "Email template"), as TSX the
 * sandbox renders. Their ids are upstream's, so a template is the same template in both.
 * Links stand alone in the text, so a mail program without HTML still shows them whole.
 */
import type { IdentityMailKind } from '../core/identity-mail.ts';

export const DEFAULT_THEME_ID = '1df07ae6-abf3-4a40-83a5-a1a2cbe336ac';

export const DEFAULT_TEMPLATE_IDS: Record<IdentityMailKind, string> = {
  email_verification: 'e7d009ce-8d47-4528-b245-5bf119f2ffa3',
  password_reset: 'a70fb3a4-56c1-4e42-af25-49d25603abd0',
  magic_link: '822687fe-8d0a-4467-a0d1-416b6e639478',
  team_invitation: 'e84de395-2076-4831-9c19-8e9a96a868e4',
  sign_in_invitation: '066dd73c-36da-4fd0-b6d6-ebf87683f8bc',
};

export interface DefaultSource {
  id: string;
  displayName: string;
  tsxSource: string;
}

export const DEFAULT_THEME: DefaultSource = {
  id: DEFAULT_THEME_ID,
  displayName: 'Default Light',
  tsxSource: `import { Html, Head, Body, Container, Section } from '@react-email/components';
import { ThemeProps } from '@stackframe/emails';

export function EmailTheme({ children, unsubscribeLink }: ThemeProps) {
  return (
    <Html>
      <Head />
      <Body style={{ backgroundColor: '#fafbfb', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '32px 16px' }}>
        <Container style={{ backgroundColor: '#ffffff', padding: '32px', borderRadius: '8px' }}>
          {children}
        </Container>
        {unsubscribeLink && (
          <Section style={{ textAlign: 'center', opacity: 0.6, padding: '16px' }}>
            <a href={unsubscribeLink}>Unsubscribe from these emails</a>
          </Section>
        )}
      </Body>
    </Html>
  );
}
`,
};

const footer = `<Hr />
      <Text style={{ fontSize: '12px', opacity: 0.6 }}>`;

export const DEFAULT_TEMPLATES: Record<IdentityMailKind, DefaultSource> = {
  email_verification: {
    id: DEFAULT_TEMPLATE_IDS.email_verification,
    displayName: 'Email Verification',
    tsxSource: `import { type } from 'arktype';
import { Heading, Text, Link, Hr } from '@react-email/components';
import { Subject, NotificationCategory, Props } from '@stackframe/emails';

export const variablesSchema = type({ emailVerificationLink: 'string' });

export function EmailTemplate({ user, project, variables }: Props<typeof variablesSchema.infer>) {
  return (
    <>
      <Subject value={'Confirm your email for ' + project.displayName} />
      <NotificationCategory value="Transactional" />
      <Heading as="h2">Confirm your email</Heading>
      <Text>Hi{user.displayName ? ', ' + user.displayName : ''}! Confirm that this is your email address:</Text>
      <Text><Link href={variables.emailVerificationLink}>{variables.emailVerificationLink}</Link></Text>
      ${footer}The link works for 7 days. If you were not expecting this email, ignore it.</Text>
    </>
  );
}

EmailTemplate.PreviewVariables = { emailVerificationLink: 'https://example.com/verify?code=preview' };
`,
  },
  password_reset: {
    id: DEFAULT_TEMPLATE_IDS.password_reset,
    displayName: 'Password Reset',
    tsxSource: `import { type } from 'arktype';
import { Heading, Text, Link, Hr } from '@react-email/components';
import { Subject, NotificationCategory, Props } from '@stackframe/emails';

export const variablesSchema = type({ passwordResetLink: 'string' });

export function EmailTemplate({ project, variables }: Props<typeof variablesSchema.infer>) {
  return (
    <>
      <Subject value={'Reset your ' + project.displayName + ' password'} />
      <NotificationCategory value="Transactional" />
      <Heading as="h2">Reset your password</Heading>
      <Text>Someone asked to reset the password of your {project.displayName} account. Choose a new password within the next hour here:</Text>
      <Text><Link href={variables.passwordResetLink}>{variables.passwordResetLink}</Link></Text>
      ${footer}If it was not you, ignore this email; your password stays as it is.</Text>
    </>
  );
}

EmailTemplate.PreviewVariables = { passwordResetLink: 'https://example.com/reset-password?code=preview' };
`,
  },
  magic_link: {
    id: DEFAULT_TEMPLATE_IDS.magic_link,
    displayName: 'Magic Link/OTP',
    tsxSource: `import { type } from 'arktype';
import { Heading, Text, Link, Hr } from '@react-email/components';
import { Subject, NotificationCategory, Props } from '@stackframe/emails';

export const variablesSchema = type({ magicLink: 'string', otp: 'string' });

export function EmailTemplate({ project, variables }: Props<typeof variablesSchema.infer>) {
  return (
    <>
      <Subject value={'Your ' + project.displayName + ' sign-in code: ' + variables.otp} />
      <NotificationCategory value="Transactional" />
      <Heading as="h2">Sign in to {project.displayName}</Heading>
      <Text>Sign in within 30 minutes with this link:</Text>
      <Text><Link href={variables.magicLink}>{variables.magicLink}</Link></Text>
      <Text>or type this code: <strong style={{ fontFamily: 'monospace', fontSize: '20px' }}>{variables.otp}</strong></Text>
      ${footer}If you did not ask to sign in, ignore this email.</Text>
    </>
  );
}

EmailTemplate.PreviewVariables = { magicLink: 'https://example.com/magic-link?code=preview', otp: '3SLSWZ' };
`,
  },
  team_invitation: {
    id: DEFAULT_TEMPLATE_IDS.team_invitation,
    displayName: 'Team Invitation',
    tsxSource: `import { type } from 'arktype';
import { Heading, Text, Link, Hr } from '@react-email/components';
import { Subject, NotificationCategory, Props } from '@stackframe/emails';

export const variablesSchema = type({ teamDisplayName: 'string', teamInvitationLink: 'string', 'inviterName?': 'string' });

export function EmailTemplate({ project, variables }: Props<typeof variablesSchema.infer>) {
  return (
    <>
      <Subject value={'You are invited to join ' + variables.teamDisplayName + ' on ' + project.displayName} />
      <NotificationCategory value="Transactional" />
      <Heading as="h2">Join {variables.teamDisplayName}</Heading>
      <Text>{variables.inviterName ? variables.inviterName + ' invited you' : 'You are invited'} to join the team "{variables.teamDisplayName}" on {project.displayName}. Open this link to accept:</Text>
      <Text><Link href={variables.teamInvitationLink}>{variables.teamInvitationLink}</Link></Text>
      ${footer}The link works for 7 days. If you did not expect this invitation, ignore this email.</Text>
    </>
  );
}

EmailTemplate.PreviewVariables = { teamDisplayName: 'My Team', teamInvitationLink: 'https://example.com/team-invitation?code=preview' };
`,
  },
  sign_in_invitation: {
    id: DEFAULT_TEMPLATE_IDS.sign_in_invitation,
    displayName: 'Sign In Invitation',
    tsxSource: `import { type } from 'arktype';
import { Heading, Text, Link, Hr } from '@react-email/components';
import { Subject, NotificationCategory, Props } from '@stackframe/emails';

export const variablesSchema = type({ signInInvitationLink: 'string', teamDisplayName: 'string' });

export function EmailTemplate({ project, variables }: Props<typeof variablesSchema.infer>) {
  return (
    <>
      <Subject value={'You are invited to sign in to ' + project.displayName} />
      <NotificationCategory value="Transactional" />
      <Heading as="h2">You are invited to sign in to {variables.teamDisplayName}</Heading>
      <Text>Open this link to sign in to your account:</Text>
      <Text><Link href={variables.signInInvitationLink}>{variables.signInInvitationLink}</Link></Text>
      ${footer}If you were not expecting this email, ignore it.</Text>
    </>
  );
}

EmailTemplate.PreviewVariables = { signInInvitationLink: 'https://example.com/sign-in', teamDisplayName: 'My Team' };
`,
  },
};

/** The source of a new template (POST /internal/email-templates). */
export const NEW_TEMPLATE_SOURCE = `import { Heading, Text } from '@react-email/components';
import { Subject, NotificationCategory, Props } from '@stackframe/emails';

export function EmailTemplate({ user, project }: Props) {
  return (
    <>
      <Subject value={'A message from ' + project.displayName} />
      <NotificationCategory value="Transactional" />
      <Heading as="h2">Hi{user.displayName ? ', ' + user.displayName : ''}!</Heading>
      <Text>Write your message here.</Text>
    </>
  );
}
`;

/** The source of a new theme (POST /internal/email-themes): the default one. */
export const NEW_THEME_SOURCE = DEFAULT_THEME.tsxSource;
