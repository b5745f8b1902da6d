import type { Usage } from '@aigo/ai';
import type { CostRow } from './render/cost-rows.js';

/**
 * What the demo reports, in order. The text renderer prints them for people; `--json` prints each
 * as one JSON object per line. The agent's own events (`@aigo/ai`'s `AgentEvent`) are mapped
 * onto these, plus the run's setup, per-call usage, the cost table and the end.
 */
export type DemoEvent =
  | {
      readonly type: 'setup';
      /** `openai`, `gemini`, `anthropic`, `compatible` (an OpenAI-compatible server) or `offline`. */
      readonly provider: string;
      readonly model: string;
      readonly offline: boolean;
      /** One line saying where the model runs. */
      readonly description: string;
      readonly prompt: string;
      readonly tools: readonly string[];
    }
  | { readonly type: 'iteration_start'; readonly iteration: number }
  | { readonly type: 'reasoning'; readonly iteration: number; readonly text: string }
  | { readonly type: 'content'; readonly iteration: number; readonly text: string }
  | {
      readonly type: 'tool_call';
      readonly iteration: number;
      readonly id: string;
      readonly name: string;
      /** The arguments as the model wrote them (JSON text). */
      readonly arguments: string;
    }
  | {
      readonly type: 'tool_result';
      readonly iteration: number;
      readonly id: string;
      readonly name: string;
      /** What the model reads back (JSON text, or an error envelope when `failed`). */
      readonly result: string;
      readonly failed: boolean;
      readonly durationMs: number;
    }
  | {
      /** One model call finished and reported its usage. */
      readonly type: 'usage';
      /** This call's usage. */
      readonly call: Usage;
      /** The run's usage so far, this call included. */
      readonly total: Usage;
    }
  | {
      /** `--stream-object`: the typed answer so far (a new value each time it grew). */
      readonly type: 'partial_answer';
      readonly iteration: number;
      readonly partial: unknown;
    }
  | { readonly type: 'final_answer'; readonly iteration: number; readonly result: unknown }
  | {
      readonly type: 'error';
      readonly iteration: number;
      readonly code: string;
      readonly message: string;
      readonly stopReason?: string;
    }
  | {
      readonly type: 'cost';
      readonly currency: string;
      readonly rows: readonly CostRow[];
      /** The total of what had a price: the whole cost only when `complete`. */
      readonly totalCost: number;
      /** False when some call had no price (or no usage): the total is unknown. */
      readonly complete: boolean;
      /** Where the prices come from, and which models' cost is unknown. */
      readonly priceNotes: readonly string[];
    }
  | {
      readonly type: 'end';
      readonly ok: boolean;
      readonly iterations: number;
      readonly elapsedMs: number;
      readonly usage: Usage | undefined;
    };

/** Receives the demo's events. */
export interface DemoRenderer {
  event(event: DemoEvent): void;
  /** Called once after the last event (stops the progress line). */
  close(): void;
}
