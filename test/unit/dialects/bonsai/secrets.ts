// Real-looking secrets for redaction tests (random-looking, not the vendors' documented EXAMPLE values, which
// secretlint deliberately skips). The private keys are real keys generated per run.
import { generateKeyPairSync } from 'node:crypto';

export const AWS_ACCESS_KEY_ID = 'AKIAZ3MSJV4WTQ7NXR2P';
export const AWS_SECRET_ACCESS_KEY = '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';
export const GITHUB_TOKEN = 'ghp_R7kQm2Xv9Lp4Tn8Wz1Yc6Bd3Fh5Gj0Ks2Ma9';
export const SLACK_TOKEN = 'xoxb-2749601835-4827391056234-Qk7Rm2Xv9Lp4Tn8Wz1Yc6Bd3';
export const BEARER_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZXBsb3ktYm90IiwiaWF0IjoxNzY0NTgwMDAwfQ.Qk7Rm2Xv9Lp4Tn8Wz1Yc6Bd3Fh5Gj0Ks';

export function rsaPrivateKey(): string {
  return generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs1', format: 'pem' } }).privateKey;
}

export function pkcs8PrivateKey(): string {
  return generateKeyPairSync('ec', { namedCurve: 'P-256', publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } }).privateKey;
}

/** Every run of 8+ characters of the secret that is still in the text (none after a correct redaction). */
export function leaks(text: string, secret: string): string[] {
  const body = secret.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
  const found: string[] = [];
  for (let at = 0; at + 8 <= body.length; at += 4) {
    const piece = body.slice(at, at + 8);
    if (text.includes(piece)) found.push(piece);
  }
  return found;
}
