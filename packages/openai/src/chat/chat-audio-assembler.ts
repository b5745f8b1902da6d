import type { ChatStreamController, GeneratedMedia } from '@aigo/ai';
import { type JsonRecord, nonEmptyString, numberOf, stringOf } from '@aigo/http';
import { chatAudioMedia, chatAudioMimeType } from './openai-chat-audio.js';

/**
 * Joins the `delta.audio` pieces of a Chat Completions stream (`pcm16`, the one format a stream
 * takes): each piece's base64 is decoded once as it arrives and forwarded as a `media` event
 * (`partial: true`, so a player can start); at the finish the bytes are joined and encoded once
 * into the final audio, with its id and transcript — the same `GeneratedMedia` a sent answer has.
 */
export class ChatAudioAssembler {
  readonly #chunks: Buffer[] = [];
  #id: string | undefined;
  #transcript: string | undefined;
  #expiresAt: number | undefined;

  /** Takes one `delta.audio`. */
  add(audio: JsonRecord, controller: ChatStreamController): void {
    this.#id ??= nonEmptyString(audio.id);
    const expires = numberOf(audio.expires_at);
    if (expires !== undefined) this.#expiresAt = expires;
    const transcript = stringOf(audio.transcript);
    if (transcript !== undefined) this.#transcript = (this.#transcript ?? '') + transcript;
    const data = nonEmptyString(audio.data);
    if (data === undefined) return;
    this.#chunks.push(Buffer.from(data, 'base64'));
    controller.enqueue({
      type: 'media',
      partial: true,
      index: 0,
      media: { mimeType: chatAudioMimeType('pcm16'), data },
    });
  }

  /** The whole audio, once the answer finished, or `undefined` when none arrived. */
  finish(): GeneratedMedia | undefined {
    if (this.#chunks.length === 0 && this.#id === undefined) return undefined;
    const data =
      this.#chunks.length === 0 ? undefined : Buffer.concat(this.#chunks).toString('base64');
    this.#chunks.length = 0;
    return chatAudioMedia(
      {
        id: this.#id,
        data,
        transcript: this.#transcript,
        expires_at: this.#expiresAt,
      },
      chatAudioMimeType('pcm16'),
    );
  }
}
