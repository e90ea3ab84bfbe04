/** The token answer of the authentication host (spec 3), shared by the server that sends it and the client that reads it; absent fields may be missing. */
export interface TokenResponse {
  access_token?: string;
  refresh_token?: string;
  error?: string;
  error_description?: string;
  mfa_token?: string;
  mfa_session_id?: string;
  remain_attempt?: number;
}
