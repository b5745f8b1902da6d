import type { ProviderMetadata } from '../json.js';
import type { ToolCall } from '../messages/tool-call.js';
import { mergeProviderMetadata } from './merge-provider-metadata.js';
import type { ToolCallDeltaEvent } from './stream-event.js';

interface PartialCall {
  id: string;
  name: string;
  args: string;
  providerMetadata: ProviderMetadata | undefined;
}

/**
 * Joins tool-call fragments by index, as real servers send them: the id only on the first fragment,
 * names that arrive late, indexes starting at 1, empty ids, several calls interleaved, and servers
 * that resend a whole call (id, name and complete arguments) after an empty first fragment.
 */
export class ToolCallAccumulator {
  readonly #calls = new Map<number, PartialCall>();

  /** Adds one fragment. */
  add(delta: ToolCallDeltaEvent): void {
    let call = this.#calls.get(delta.index);
    if (call === undefined) {
      call = { id: '', name: '', args: '', providerMetadata: undefined };
      this.#calls.set(delta.index, call);
    }
    if (delta.id) call.id = delta.id;
    if (delta.name) call.name = delta.name;
    const fragment = delta.argumentsDelta;
    if (fragment) {
      // Some servers send `""` and then the full arguments again as a "delta"; a complete JSON
      // document after an empty or also-complete prefix replaces rather than appends.
      call.args =
        call.args !== '' && call.args === fragment && isCompleteJson(fragment)
          ? fragment
          : call.args + fragment;
    }
    if (delta.providerMetadata !== undefined) {
      call.providerMetadata = mergeProviderMetadata(call.providerMetadata, delta.providerMetadata);
    }
  }

  /** How many calls have started. */
  get size(): number {
    return this.#calls.size;
  }

  /**
   * The calls so far, in index order. A call with no id gets `call_<index>` so that tool results can
   * still be matched to it.
   */
  toolCalls(): ToolCall[] {
    const indexes = [...this.#calls.keys()].sort((a, b) => a - b);
    const calls: ToolCall[] = [];
    for (const index of indexes) {
      const call = this.#calls.get(index) as PartialCall;
      const toolCall: ToolCall = {
        id: call.id || `call_${index}`,
        type: 'function',
        function: { name: call.name, arguments: call.args },
        ...(call.providerMetadata === undefined ? {} : { providerMetadata: call.providerMetadata }),
      };
      calls.push(toolCall);
    }
    return calls;
  }
}

function isCompleteJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
