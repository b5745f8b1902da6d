import type { CodeExecution } from '@aigo/ai';
import { isRecord, type JsonRecord, nonEmptyString, stringOf } from '@aigo/http';
import type { AnthropicBlockRecord } from '../shared/anthropic-metadata.js';
import { GroundingCollector } from './grounding-collector.js';
import { codeExecutionResult, codeOfServerCall } from './server-tool-blocks.js';

/** Where a turn's pieces go: the stream's events, or the strings of a whole response. */
export interface TurnSink {
  content(text: string): void;
  reasoning(text: string): void;
  toolCallDelta(
    index: number,
    id: string | undefined,
    name: string | undefined,
    args: string,
  ): void;
  codeExecution(execution: CodeExecution): void;
}

/** The state of one open content block. */
interface OpenBlock {
  readonly type: 'text' | 'thinking' | 'tool' | 'json' | 'server' | 'other';
  length: number;
  signature: string;
  /** The tool call's index (`tool`). */
  readonly toolIndex: number;
  /** True once the call's arguments (or the JSON answer) had text. */
  argsSeen: boolean;
  /** A server tool call's streamed input. */
  json: string;
  /** The block kept whole (`server`, `other`). */
  readonly block: JsonRecord | undefined;
  /** Where the block's text starts in the answer, and its citations. */
  readonly start: number;
  citations: unknown[] | undefined;
  text: string;
}

/**
 * One assistant turn read block by block, the same way for a whole response (each block given at
 * once to `start` then `stop`) and for a stream (`content_block_start`, its deltas,
 * `content_block_stop`), so that `collect()` of a stream equals what `sendMessage` returns:
 *
 * - text and thinking go to the sink as they come; a `tool_use` block is a tool call by index, its
 *   `input_json_delta` fragments passed through (no text at all means `{}`); the tool a JSON answer
 *   was forced through (`jsonToolName`) is the answer's text instead;
 * - server tools' calls and results are kept whole (they go back on the next turn) and read for
 *   `grounding` (search queries, sources, fetched URLs) and `codeExecutions`; citations on text
 *   blocks become grounding supports over the block's span of the answer;
 * - every block is recorded (see `AnthropicBlockRecord`) so the turn can go back in order, with its
 *   thinking signatures; the records are kept when the turn needs them.
 */
export class AnthropicTurn {
  /** Where the pieces go; a continued turn (after `pause_turn`) hands it to the next stream's mapper. */
  sink: TurnSink;
  readonly #jsonToolName: string | undefined;
  readonly #open: (OpenBlock | undefined)[] = [];
  readonly #records: AnthropicBlockRecord[] = [];
  // Made at the first server tool or citation: most answers have none, and an open stream holds its turn.
  #groundingCollector: GroundingCollector | undefined;
  #codeCalls: Map<string, { language: string; code: string }> | undefined;
  #needed = false;
  #toolCalls = 0;
  #textLength = 0;

  constructor(sink: TurnSink, jsonToolName: string | undefined) {
    this.sink = sink;
    this.#jsonToolName = jsonToolName;
  }

  /** How many tool calls the turn holds so far. */
  get toolCalls(): number {
    return this.#toolCalls;
  }

  /** A block opens (`content_block_start`, or a whole response's block). */
  start(index: number, block: JsonRecord): void {
    const type = stringOf(block.type) ?? '';
    switch (type) {
      case 'text': {
        const open = this.#openBlock('text', undefined);
        if (Array.isArray(block.citations) && block.citations.length > 0) {
          open.citations = [...block.citations];
        }
        this.#open[index] = open;
        const text = stringOf(block.text);
        if (text !== undefined && text !== '') this.#text(open, text);
        return;
      }
      case 'thinking': {
        const open = this.#openBlock('thinking', undefined);
        open.signature = stringOf(block.signature) ?? '';
        this.#open[index] = open;
        const text = stringOf(block.thinking);
        if (text !== undefined && text !== '') this.#thinking(open, text);
        return;
      }
      case 'redacted_thinking':
        this.#needed = true;
        this.#records.push({ kind: 'redacted_thinking', data: stringOf(block.data) ?? '' });
        return;
      case 'tool_use':
        this.#toolUse(index, block);
        return;
      case 'server_tool_use':
        this.#open[index] = this.#openBlock('server', { ...block });
        return;
      default: {
        // A server tool's result (whole in its start) or a block this version does not know.
        this.#open[index] = this.#openBlock('other', { ...block });
        const execution = codeExecutionResult(block, this.#codeCalls);
        if (execution !== undefined) this.sink.codeExecution(execution);
        this.#grounding().resultBlock(block);
      }
    }
  }

  /** A `content_block_delta`. */
  delta(index: number, delta: JsonRecord): void {
    const open = this.#open[index];
    if (open === undefined) return;
    switch (delta.type) {
      case 'text_delta': {
        const text = stringOf(delta.text);
        if (text !== undefined && text !== '') this.#text(open, text);
        return;
      }
      case 'thinking_delta': {
        const text = stringOf(delta.thinking);
        if (text !== undefined && text !== '') this.#thinking(open, text);
        return;
      }
      case 'signature_delta':
        open.signature += stringOf(delta.signature) ?? '';
        return;
      case 'input_json_delta': {
        const partial = stringOf(delta.partial_json);
        if (partial === undefined || partial === '') return;
        if (open.type === 'tool') {
          open.argsSeen = true;
          this.sink.toolCallDelta(open.toolIndex, undefined, undefined, partial);
        } else if (open.type === 'json') {
          open.argsSeen = true;
          this.sink.content(partial);
        } else {
          open.json += partial;
        }
        return;
      }
      case 'citations_delta':
        if (delta.citation !== undefined) {
          if (open.citations === undefined) open.citations = [];
          open.citations.push(delta.citation);
        }
        return;
    }
  }

  /** A block closes (`content_block_stop`). */
  stop(index: number): void {
    const open = this.#open[index];
    if (open === undefined) return;
    this.#open[index] = undefined;
    switch (open.type) {
      case 'text':
        this.#records.push({ kind: 'text', length: open.length });
        if (open.citations !== undefined) {
          this.#grounding().citations(open.citations, open.text, open.start);
        }
        return;
      case 'thinking':
        this.#needed = true;
        this.#records.push({ kind: 'thinking', length: open.length, signature: open.signature });
        return;
      case 'tool':
        if (!open.argsSeen) this.sink.toolCallDelta(open.toolIndex, undefined, undefined, '{}');
        return;
      case 'json':
        if (!open.argsSeen) this.sink.content('{}');
        return;
      case 'server':
      case 'other': {
        const block = open.block as JsonRecord;
        if (open.json !== '') {
          try {
            block.input = JSON.parse(open.json);
          } catch {
            block.input = {};
          }
        }
        if (open.type === 'server') this.#serverCall(block);
        this.#needed = true;
        this.#records.push({ kind: 'block', block });
        return;
      }
    }
  }

  /** The turn's block records, when it needs them to go back (thinking, server tools). */
  records(): readonly AnthropicBlockRecord[] | undefined {
    return this.#needed ? this.#records.map((record) => ({ ...record })) : undefined;
  }

  /** The grounding gathered from server tools and citations, or `undefined`. */
  grounding(): ReturnType<GroundingCollector['grounding']> {
    return this.#groundingCollector?.grounding();
  }

  #grounding(): GroundingCollector {
    if (this.#groundingCollector === undefined) this.#groundingCollector = new GroundingCollector();
    return this.#groundingCollector;
  }

  #openBlock(type: OpenBlock['type'], block: JsonRecord | undefined, toolIndex = -1): OpenBlock {
    return {
      type,
      length: 0,
      signature: '',
      toolIndex,
      argsSeen: false,
      json: '',
      block,
      start: this.#textLength,
      citations: undefined,
      text: '',
    };
  }

  #text(open: OpenBlock, text: string): void {
    open.length += text.length;
    this.#textLength += text.length;
    if (open.citations !== undefined) open.text += text;
    this.sink.content(text);
  }

  #thinking(open: OpenBlock, text: string): void {
    open.length += text.length;
    this.sink.reasoning(text);
  }

  #toolUse(index: number, block: JsonRecord): void {
    const name = nonEmptyString(block.name);
    const input = isRecord(block.input) ? block.input : undefined;
    const args = input !== undefined && Object.keys(input).length > 0 ? JSON.stringify(input) : '';
    if (name !== undefined && name === this.#jsonToolName) {
      const open = this.#openBlock('json', undefined);
      this.#open[index] = open;
      if (args !== '') {
        open.argsSeen = true;
        this.sink.content(args);
      }
      return;
    }
    const toolIndex = this.#toolCalls++;
    const open = this.#openBlock('tool', undefined, toolIndex);
    this.#open[index] = open;
    this.#records.push({ kind: 'tool_use', index: toolIndex });
    this.sink.toolCallDelta(toolIndex, nonEmptyString(block.id) ?? '', name ?? '', args);
    if (args !== '') open.argsSeen = true;
  }

  #serverCall(block: JsonRecord): void {
    const input = isRecord(block.input) ? block.input : {};
    if (block.name === 'web_search') {
      const query = nonEmptyString(input.query);
      if (query !== undefined) this.#grounding().query(query);
      return;
    }
    const code = codeOfServerCall(block);
    const id = nonEmptyString(block.id);
    if (code !== undefined && id !== undefined) {
      if (this.#codeCalls === undefined) this.#codeCalls = new Map();
      this.#codeCalls.set(id, code);
    }
  }
}
