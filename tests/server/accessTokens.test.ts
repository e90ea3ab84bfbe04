import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { signAccessToken, signOneRecordToken, verifyAccessToken, verifyOneRecordToken } from '../../src/server/auth/accessTokens';

// Both kinds of token share one memory of verified signatures: what a token is for must still be checked on every call.
const SECRET = 'a-test-secret-of-enough-length-000';
const ISSUER = 'https://portal.example';
const AUDIENCE = 'https://portal.example/onerecord';
const SESSION = '8d3f2c1a-4b5e-4f60-9a7b-0c1d2e3f4a5b';
const client = { clientId: 'client-1', companyId: '7', organisationIri: 'https://partner.example/logistics-objects/org' };

describe('access tokens', () => {
  it('a ONE Record token verified once is still refused as a portal token, for another audience or issuer, or under another key', () => {
    const token = signOneRecordToken(SECRET, client, ISSUER, AUDIENCE);
    expect(verifyOneRecordToken(SECRET, token, ISSUER, AUDIENCE)).toEqual(client);
    expect(verifyOneRecordToken(SECRET, token, ISSUER, AUDIENCE)).toEqual(client); // from memory
    expect(verifyAccessToken(SECRET, token)).toBeUndefined();
    expect(verifyOneRecordToken(SECRET, token, ISSUER, 'https://other.example/onerecord')).toBeUndefined();
    expect(verifyOneRecordToken(SECRET, token, 'https://other.example', AUDIENCE)).toBeUndefined();
    expect(verifyOneRecordToken('another-secret-of-enough-length-00', token, ISSUER, AUDIENCE)).toBeUndefined();
  });

  it('a portal token verified once is refused as a ONE Record token, and under another key', () => {
    const token = signAccessToken(SECRET, '42', '7', 900, SESSION);
    expect(verifyAccessToken(SECRET, token)).toMatchObject({ userId: '42', companyId: '7', sessionId: SESSION });
    expect(verifyOneRecordToken(SECRET, token, ISSUER, AUDIENCE)).toBeUndefined();
    expect(verifyAccessToken('another-secret-of-enough-length-00', token)).toBeUndefined();
  });

  it('refuses an expired token, a tampered one and one without an expiry', () => {
    const expired = jwt.sign({ cid: '7', typ: 'access', sid: SESSION, exp: Math.floor(Date.now() / 1000) - 5 }, SECRET, { algorithm: 'HS256', subject: '42' });
    expect(verifyAccessToken(SECRET, expired)).toBeUndefined();
    const token = signAccessToken(SECRET, '42', '7', 900, SESSION);
    const [head, body, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), cid: '8' })).toString('base64url');
    expect(verifyAccessToken(SECRET, `${head}.${forged}.${signature}`)).toBeUndefined();
    const endless = jwt.sign({ cid: '7', typ: 'access', sid: SESSION }, SECRET, { algorithm: 'HS256', subject: '42' });
    expect(verifyAccessToken(SECRET, endless)).toBeUndefined();
  });
});
