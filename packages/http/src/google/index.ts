/**
 * `@aigo/http/google` — what the Vertex AI adapters share: Google access tokens from
 * `google-auth-library` (an optional peer, loaded at the first call) as a request signer.
 *
 * @packageDocumentation
 */

export {
  checkGoogleCredentials,
  GOOGLE_CLOUD_PLATFORM_SCOPE,
  type GoogleCredentialsOption,
  type GoogleSignerOptions,
  type GoogleTokenSource,
  googleRequestSigner,
} from './google-credentials.js';
