import type { DemoAnswer } from '../answer-schema.js';
import type { DemoEvent, DemoRenderer } from '../demo-events.js';
import { formatCostTable } from './format-cost-table.js';
import { objectText } from './object-text.js';
import { Progress } from './progress.js';
import { StatusLine, type Terminal } from './status-line.js';
import type { Style } from './style.js';

/** Where the text renderer writes. */
export interface TextOutput {
  write(text: string): unknown;
}

/** Options of {@link createTextRenderer}. */
export interface TextRendererOptions {
  readonly out: TextOutput;
  readonly style: Style;
  /**
   * The terminal, when the output is one: the progress line is then pinned to its bottom row and
   * redrawn every 100 ms. Without one, progress is printed as plain lines at each iteration.
   */
  readonly terminal?: Terminal;
  /** The clock (tests). */
  readonly now?: () => number;
  /**
   * `--stream-object`: the typed answer is shown as a growing object (its `partial_answer` events)
   * instead of the JSON text of the model's answer.
   */
  readonly streamObject?: boolean;
}

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const PREVIEW_CHARACTERS = 160;

/**
 * Prints the demo for a person: the setup, each iteration's reasoning and answer as they stream
 * (token by token; with `streamObject`, the typed answer as a growing object), each tool call and its
 * result as it happens, the typed result, the cost table.
 * Progress (iteration, tokens, elapsed time) is a live line pinned to the bottom of a terminal, or a
 * plain `progress:` line per iteration when the output is not a terminal.
 */
export function createTextRenderer(options: TextRendererOptions): DemoRenderer {
  const { out, style } = options;
  const progress = new Progress(options.now);
  const status = options.terminal === undefined ? undefined : new StatusLine(options.terminal);
  let frame = 0;
  const statusText = (): string =>
    `${style.cyan(SPINNER[frame % SPINNER.length] ?? '')} ${style.dim(progress.text())}`;
  const ticker =
    status === undefined
      ? undefined
      : setInterval(() => {
          frame++;
          status.update(statusText());
        }, 100);
  ticker?.unref();

  let atLineStart = true;
  let streaming: 'reasoning' | 'content' | 'object' | undefined;
  /** The text of the partial answer shown last (each next one begins with it). */
  let shownObject: string | undefined;
  /**
   * The iteration whose answer text a finished model call already showed. More text in the same
   * iteration is the agent asking again for the answer as JSON only (the first did not parse): it is
   * not printed beside the first, which would read as the answer twice.
   */
  let answeredIteration: number | undefined;
  let contentIteration: number | undefined;
  let retryNoted = false;
  const write = (text: string): void => {
    if (text === '') return;
    out.write(text);
    atLineStart = text.endsWith('\n');
  };
  const line = (text = ''): void => {
    if (!atLineStart) write('\n');
    streaming = undefined;
    write(`${text}\n`);
  };

  return {
    event(event: DemoEvent): void {
      progress.record(event);
      switch (event.type) {
        case 'setup':
          line(style.bold('aigo demo') + style.dim(' — a typed ReAct agent, streamed'));
          line(
            `${style.dim('provider')}  ${event.offline ? `${style.yellow(style.bold('OFFLINE'))} ` : ''}${event.description}`,
          );
          line(`${style.dim('model   ')}  ${event.model}`);
          line(`${style.dim('tools   ')}  ${event.tools.join(', ')}`);
          line(`${style.dim('prompt  ')}  ${event.prompt}`);
          status?.start(statusText());
          break;
        case 'iteration_start':
          line();
          line(style.bold(`── iteration ${event.iteration} `) + style.dim('─'.repeat(40)));
          if (status === undefined) line(style.dim(`progress: ${progress.text()}`));
          break;
        case 'reasoning':
          if (streaming !== 'reasoning') {
            line();
            write(style.magenta('thinking: '));
            streaming = 'reasoning';
          }
          write(style.dim(style.italic(event.text)));
          break;
        case 'content':
          // With --stream-object the answer shows as the object it is becoming, not as JSON text.
          if (options.streamObject === true) break;
          if (answeredIteration === event.iteration) {
            if (!retryNoted) line(style.dim('(asked again for the answer as JSON only)'));
            retryNoted = true;
            break;
          }
          contentIteration = event.iteration;
          if (streaming !== 'content') {
            line();
            write(style.cyan('answer:   '));
            streaming = 'content';
          }
          write(event.text);
          break;
        case 'partial_answer': {
          const text = `  ${objectText(event.partial).replaceAll('\n', '\n  ')}`;
          if (streaming === 'object' && shownObject !== undefined && text.startsWith(shownObject)) {
            write(text.slice(shownObject.length));
          } else {
            line();
            write(`${style.cyan('object:')}\n${text}`);
          }
          shownObject = text;
          streaming = 'object';
          break;
        }
        case 'tool_call':
          line(
            `${style.yellow('→ call')}    ${style.bold(event.name)} ${preview(event.arguments)}`,
          );
          break;
        case 'tool_result':
          line(
            `${event.failed ? style.red('✗ failed') : style.green('← result')}  ${style.bold(event.name)} ` +
              `${style.dim(`(${event.durationMs} ms)`)} ${preview(event.result)}`,
          );
          break;
        case 'usage':
          if (streaming === 'content') answeredIteration = contentIteration;
          break;
        case 'final_answer': {
          const answer = event.result as DemoAnswer;
          line();
          line(
            style.bold('Result') +
              style.dim(
                ' (typed: { answer: string; figures: { label; value; unit }[]; sources: string[] })',
              ),
          );
          line(`  answer   ${answer.answer}`);
          line(
            `  figures  ${answer.figures.length === 0 ? style.dim('none') : answer.figures.map((figure) => `${figure.label} ${figure.value.toLocaleString('en-US')} ${figure.unit}`.trimEnd()).join(' · ')}`,
          );
          line(
            `  sources  ${answer.sources.length === 0 ? style.dim('none') : answer.sources.join(', ')}`,
          );
          break;
        }
        case 'error':
          line();
          line(
            `${style.red(style.bold('✗ the run stopped'))}${event.stopReason === undefined ? '' : ` (${event.stopReason})`}: ${event.message}`,
          );
          break;
        case 'cost':
          line();
          line(style.bold('Cost'));
          for (const text of formatCostTable(event)) line(`  ${text}`);
          break;
        case 'end':
          status?.stop();
          line();
          line(
            style.dim(
              `${event.ok ? 'done' : 'stopped'} in ${(event.elapsedMs / 1000).toFixed(2)} s · ` +
                `${event.iterations} iteration${event.iterations === 1 ? '' : 's'} · ` +
                `${(event.usage?.totalTokens ?? 0).toLocaleString('en-US')} tokens`,
            ),
          );
          break;
      }
    },
    close(): void {
      if (ticker !== undefined) clearInterval(ticker);
      status?.stop();
    },
  };
}

/** One line of at most 160 characters: newlines shown as spaces, the rest cut with `…`. */
export function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= PREVIEW_CHARACTERS ? flat : `${flat.slice(0, PREVIEW_CHARACTERS - 1)}…`;
}
