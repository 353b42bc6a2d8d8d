// A secretlint scanner rule for HTTP bearer credentials (`Authorization: Bearer <token>`), which the recommended
// preset has no rule for. Reports the token only (the scheme stays readable). Detection only: masking is redact.ts's.
import type { SecretLintRuleCreator, SecretLintSourceCode } from '@secretlint/types';

/** `Bearer` then a token68 credential of 16+ characters holding a letter and a digit (so prose "bearer of ..." is no hit). */
const BEARER_TOKEN = /\bbearer[ \t]+([A-Za-z0-9\-._~+/]{16,4096}=*)/gi;

const messages = {
  BEARER_TOKEN: { en: (props?: { TOKEN?: string }) => `found a bearer token: ${props?.TOKEN ?? ''}` },
};

export const bearerTokenRule: SecretLintRuleCreator = {
  messages,
  meta: {
    id: 'hookd/bearer-token',
    recommended: true,
    type: 'scanner',
    supportedContentTypes: ['text'],
  },
  create(context) {
    const t = context.createTranslator(messages);
    return {
      file(source: SecretLintSourceCode) {
        for (const match of source.content.matchAll(BEARER_TOKEN)) {
          const token = match[1] ?? '';
          if (!/[0-9]/.test(token) || !/[A-Za-z]/.test(token)) continue;
          const start = (match.index ?? 0) + match[0].length - token.length;
          context.report({ message: t('BEARER_TOKEN', { TOKEN: token }), range: [start, start + token.length] });
        }
      },
    };
  },
};
