import type { Usage } from '@aigo/ai';
import { numberOf, recordOf } from '@aigo/http';

/**
 * The token usage of an Images, speech or transcription answer (`input_tokens`, `output_tokens`,
 * their `*_details` split into text, image and audio tokens), or `undefined` when the answer has
 * none or counts something else (`whisper-1` reports seconds of audio: `{ type: 'duration' }`).
 */
export function mapOpenAIMediaUsage(
  value: unknown,
  output: 'image' | 'audio' | 'text',
): Usage | undefined {
  const usage = recordOf(value);
  if (usage === undefined || (usage.type !== undefined && usage.type !== 'tokens'))
    return undefined;
  const input = numberOf(usage.input_tokens);
  if (input === undefined) return undefined;
  const completion = numberOf(usage.output_tokens) ?? 0;
  const details = recordOf(usage.input_tokens_details) ?? recordOf(usage.input_token_details);
  const result: { -readonly [K in keyof Usage]: Usage[K] } = {
    promptTokens: input,
    completionTokens: completion,
    totalTokens: numberOf(usage.total_tokens) ?? input + completion,
  };
  const inputImage = numberOf(details?.image_tokens);
  const inputAudio = numberOf(details?.audio_tokens);
  if (inputImage !== undefined) result.inputImageTokens = inputImage;
  if (inputAudio !== undefined) result.inputAudioTokens = inputAudio;
  if (output === 'image') result.outputImageTokens = completion;
  if (output === 'audio') result.outputAudioTokens = completion;
  return result;
}
