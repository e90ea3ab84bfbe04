export { createAuthProvider, DEFAULT_RESOURCE_FUNCTION_IDS, MFA_SESSION_ID_KEY } from './authProvider';
export type { AuthProviderOptions, CargoAuthProvider, CargoIdentity, LoginParams } from './authProvider';
export { createAuthHostClient } from './authHostClient';
export type { AuthHostAnswer, AuthHostClient, MfaChallengeResponse, TokenRequest, TokenResponse } from './authHostClient';
export { meaningOfAnswer } from './answerMapping';
export type { AnswerMeaning } from './answerMapping';
export { createDataProvider, unwrapClassicAnswer } from './dataProvider';
export { randomUuidV4, wrapInEnvelope } from './envelope';
export type { Envelope } from './envelope';
export { createHttpClient } from './httpClient';
export type { ApiTarget, HttpAnswer, HttpClient, HttpClientHooks, RequestOptions, SignOutReason } from './httpClient';
export {
  ApiError,
  ErrorPageError,
  InvalidProfileError,
  isHandledHttpError,
  NetworkError,
  parseRetryAfter,
  SessionExpiredError,
  TooManyRequestsError,
} from './httpErrors';
export type { ErrorPageCode } from './httpErrors';
export { LoginFailedError, MfaEmailRequiredError, MfaPasscodeError, MfaRequiredError, TooManyAttemptsError } from './loginErrors';
export { forgetRuntimeConfig, hostUrl, loadRuntimeConfig, parseRuntimeConfig, RUNTIME_CONFIG_PATH } from './runtimeConfig';
export type { RuntimeConfig } from './runtimeConfig';
export { SESSION_FIELDS, SESSION_STORE_KEY, decodeSession, encodeSession, sessionFromPermission, sessionStore } from './sessionStore';
export type { SessionState } from './sessionStore';
export {
  ACCESS_TOKEN_COOKIE,
  REFRESH_TOKEN_COOKIE,
  deleteTokens,
  hasTokens,
  readAccessToken,
  readRefreshToken,
  writeTokens,
} from './tokenCookies';
export type { TokenPair } from './tokenCookies';
