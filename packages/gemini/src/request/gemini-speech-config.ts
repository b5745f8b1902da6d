import { ValidationError } from '@aigo/ai';
import { isRecord } from '@aigo/http';

/** `providerOptions.gemini.speech`: the voice of spoken output (Gemini's speech models). */
export interface GeminiSpeechOptions {
  /** One prebuilt voice (`Kore`, `Puck`, `Charon`, …). */
  readonly voice?: string;
  /** Several speakers, each with its voice; the prompt names them (`Joe: …`). */
  readonly speakers?: readonly { readonly speaker: string; readonly voice: string }[];
  /** The language, as a BCP-47 code (`en-US`), when the model should not infer it. */
  readonly languageCode?: string;
}

/** The wire `speechConfig` of `generationConfig`. */
export type GeminiSpeechConfig = Record<string, unknown>;

function voiceConfig(voice: string): Record<string, unknown> {
  return { prebuiltVoiceConfig: { voiceName: voice } };
}

/**
 * The `speechConfig` of a speech request: one voice (`voiceConfig`) or several speakers
 * (`multiSpeakerVoiceConfig`), and the language code.
 *
 * @throws ValidationError naming the bad field of `where`.
 */
export function buildGeminiSpeechConfig(value: unknown, where: string): GeminiSpeechConfig {
  if (!isRecord(value)) throw new ValidationError(where, 'must be { voice } or { speakers }');
  for (const key of Object.keys(value)) {
    if (key !== 'voice' && key !== 'speakers' && key !== 'languageCode') {
      throw new ValidationError(
        `${where}.${key}`,
        'is not an option (known: voice, speakers, languageCode)',
      );
    }
  }
  const config: GeminiSpeechConfig = {};
  const { voice, speakers, languageCode } = value;
  if (voice !== undefined && speakers !== undefined) {
    throw new ValidationError(where, 'set either voice or speakers, not both');
  }
  if (voice !== undefined) {
    if (typeof voice !== 'string' || voice === '') {
      throw new ValidationError(`${where}.voice`, 'must be a non-empty string');
    }
    config.voiceConfig = voiceConfig(voice);
  }
  if (speakers !== undefined) {
    if (!Array.isArray(speakers) || speakers.length === 0) {
      throw new ValidationError(
        `${where}.speakers`,
        'must be a non-empty array of { speaker, voice }',
      );
    }
    config.multiSpeakerVoiceConfig = {
      speakerVoiceConfigs: speakers.map((entry: unknown, index) => {
        if (
          !isRecord(entry) ||
          typeof entry.speaker !== 'string' ||
          typeof entry.voice !== 'string'
        ) {
          throw new ValidationError(
            `${where}.speakers[${index}]`,
            'must be { speaker, voice } strings',
          );
        }
        return { speaker: entry.speaker, voiceConfig: voiceConfig(entry.voice) };
      }),
    };
  }
  if (languageCode !== undefined) {
    if (typeof languageCode !== 'string' || languageCode === '') {
      throw new ValidationError(`${where}.languageCode`, 'must be a non-empty string');
    }
    config.languageCode = languageCode;
  }
  return config;
}
