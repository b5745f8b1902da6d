const OPEN = '<think>';
const CLOSE = '</think>';

/** Where the split text goes. */
export interface ThinkSplitterSink {
  content(text: string): void;
  reasoning(text: string): void;
}

type State = 'start' | 'think' | 'after' | 'pass';

/**
 * Splits a `<think>…</think>` block at the start of a model's text into reasoning, as DeepSeek-R1,
 * Qwen3 and other open models served by Ollama, vLLM or LM Studio write it. Works on a stream of
 * fragments with tags cut anywhere, and gives the same result for the whole text at once, so
 * `sendMessage` and `streamMessage` agree.
 *
 * Rules: only a block that opens the text (after optional whitespace) counts, so an answer that
 * merely mentions the tag is left alone; the block's inner text, trimmed, is reasoning; whitespace
 * between `</think>` and the answer is dropped; a block that never closes is all reasoning. Once the
 * text is known not to start with `<think>`, fragments pass through untouched at no cost.
 */
export class ThinkSplitter {
  readonly #sink: ThinkSplitterSink;
  #state: State = 'start';
  /** Text not yet decided: the opening in `start`, a possible partial `</think>` in `think`. */
  #pending = '';
  /** Whitespace inside the block, held until more reasoning follows (dropped before `</think>`). */
  #heldSpace = '';
  #reasoningStarted = false;

  constructor(sink: ThinkSplitterSink) {
    this.#sink = sink;
  }

  /** Feeds the next fragment of the text. */
  push(text: string): void {
    if (text === '') return;
    switch (this.#state) {
      case 'pass':
        this.#sink.content(text);
        return;
      case 'start':
        this.#start(text);
        return;
      case 'think':
        this.#think(text);
        return;
      case 'after':
        this.#after(text);
        return;
    }
  }

  /** The text ended: flushes what was held back. */
  end(): void {
    if (this.#state === 'start' && this.#pending !== '') {
      this.#sink.content(this.#pending);
    } else if (this.#state === 'think' && this.#pending !== '') {
      this.#emitReasoning(this.#pending);
    }
    this.#pending = '';
    this.#heldSpace = '';
    this.#state = 'pass';
  }

  #start(text: string): void {
    const buffer = this.#pending + text;
    const trimmed = buffer.trimStart();
    if (trimmed.length < OPEN.length && OPEN.startsWith(trimmed)) {
      this.#pending = buffer; // all whitespace, or a prefix of `<think>`: not decided yet
      return;
    }
    this.#pending = '';
    if (trimmed.startsWith(OPEN)) {
      this.#state = 'think';
      this.#think(trimmed.slice(OPEN.length));
    } else {
      this.#state = 'pass';
      this.#sink.content(buffer);
    }
  }

  #think(text: string): void {
    const buffer = this.#pending + text;
    const close = buffer.indexOf(CLOSE);
    if (close >= 0) {
      this.#pending = '';
      this.#emitReasoning(buffer.slice(0, close));
      this.#heldSpace = '';
      this.#state = 'after';
      this.#after(buffer.slice(close + CLOSE.length));
      return;
    }
    // Keep the longest tail that could still become `</think>`.
    let keep = Math.min(buffer.length, CLOSE.length - 1);
    while (keep > 0 && !CLOSE.startsWith(buffer.slice(buffer.length - keep))) keep--;
    this.#pending = buffer.slice(buffer.length - keep);
    this.#emitReasoning(buffer.slice(0, buffer.length - keep));
  }

  #after(text: string): void {
    const rest = text.trimStart();
    if (rest === '') return;
    this.#state = 'pass';
    this.#sink.content(rest);
  }

  /** Emits reasoning trimmed at both ends across fragments. */
  #emitReasoning(text: string): void {
    if (text === '') return;
    let body = text;
    if (!this.#reasoningStarted) {
      body = body.trimStart();
      if (body === '') return;
    }
    const trimmedEnd = body.trimEnd();
    if (trimmedEnd === '') {
      this.#heldSpace += body;
      return;
    }
    const trailing = body.slice(trimmedEnd.length);
    this.#reasoningStarted = true;
    this.#sink.reasoning(this.#heldSpace + trimmedEnd);
    this.#heldSpace = trailing;
  }
}

/** Splits a whole text at once: `{ content, reasoning }` (reasoning `''` when there was no block). */
export function splitThink(text: string): { content: string; reasoning: string } {
  let content = '';
  let reasoning = '';
  const splitter = new ThinkSplitter({
    content: (t) => {
      content += t;
    },
    reasoning: (t) => {
      reasoning += t;
    },
  });
  splitter.push(text);
  splitter.end();
  return { content, reasoning };
}
