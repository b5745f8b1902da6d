export { base64ByteLength, checkBase64, mediaBytes } from './base64-bytes.js';
export {
  checkImageRequest,
  checkSpeechRequest,
  checkTranscriptionRequest,
  SPEECH_FORMATS,
} from './check-media-requests.js';
export { mediaCost } from './media-cost.js';
export {
  type ImageProvider,
  isImageProvider,
  isSpeechProvider,
  isTranscriptionProvider,
  type SpeechProvider,
  type TranscriptionProvider,
} from './media-provider.js';
export type {
  AudioInput,
  ImageRequest,
  ImageResult,
  MediaCost,
  MediaProviderOptions,
  SpeechFormat,
  SpeechRequest,
  SpeechResult,
  TranscriptionRequest,
  TranscriptionResult,
  TranscriptionSegment,
} from './media-requests.js';
