/** The sample rate, channels and bits of an `audio/L16;codec=pcm;rate=24000` MIME type. */
export function pcmFormatOf(mimeType: string): { rate: number; channels: number } | undefined {
  const lower = mimeType.toLowerCase();
  if (!lower.startsWith('audio/l16') && !lower.startsWith('audio/pcm')) return undefined;
  const rate = /rate=(\d+)/.exec(lower)?.[1];
  const channels = /channels=(\d+)/.exec(lower)?.[1];
  return {
    rate: rate === undefined ? 24_000 : Number(rate),
    channels: channels === undefined ? 1 : Number(channels),
  };
}

/**
 * 16-bit little-endian PCM wrapped in a WAV (RIFF) header, so any player can open Gemini's speech:
 * 44 bytes of header before the samples, written into one buffer (the samples copied once).
 */
export function pcmToWav(pcm: Uint8Array, rate: number, channels: number): Buffer {
  const header = Buffer.alloc(44);
  const blockAlign = channels * 2;
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.byteLength, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.byteLength, 40);
  return Buffer.concat([header, pcm], 44 + pcm.byteLength);
}
