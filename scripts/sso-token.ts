// npm run sso-token -- <email> [base url]: prints a single sign-on link signed as the demo identity
// provider would (HS256 with SSO_SECRET, issuer SSO_ISSUER, 2 minutes of life, unique jti).
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { loadConfig } from '../server/config';

const [email, base] = process.argv.slice(2);
if (!email) {
  console.error('uso: npm run sso-token -- <email> [url di base]');
  process.exit(2);
}
const config = loadConfig();
const now = Math.floor(Date.now() / 1000);
const token = await new SignJWT({})
  .setProtectedHeader({ alg: 'HS256' })
  .setIssuer(config.sso.issuer)
  .setSubject(email)
  .setJti(randomUUID())
  .setIssuedAt(now)
  .setExpirationTime(now + 120)
  .sign(new TextEncoder().encode(config.sso.secret));
console.log(`${base ?? config.publicUrl}/sso?token=${token}`);
