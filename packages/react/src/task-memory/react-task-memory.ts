import { AbortError, contentText, type Prompt, ValidationError } from '@aigo/ai';
import type { AgentSettings } from '../loop/agent-settings.js';
import { joinPrompt } from '../react-instructions.js';
import type { ReActOverview } from '../react-result.js';
import type { ReActTaskMemoryOptions } from './react-task-memory-options.js';
import type { TaskMemory, TaskSearchOptions } from './task-memory.js';
import type { TaskMatch } from './task-record.js';

/** The checked option. */
export interface CheckedTaskMemory {
  readonly memory: TaskMemory;
  readonly recall: boolean;
  readonly save: boolean;
  readonly search: TaskSearchOptions;
  readonly maxAnswerLength: number;
  readonly onError: (error: unknown, phase: 'recall' | 'save') => void;
}

/**
 * Checks `createReAct`'s `taskMemory` option.
 *
 * @throws ValidationError naming the field (`taskMemory.topK`).
 */
export function checkTaskMemoryOption(option: unknown): CheckedTaskMemory | undefined {
  if (option === undefined) return undefined;
  if (option === null || typeof option !== 'object')
    throw new ValidationError('taskMemory', 'must be an object { memory, … }');
  const o = option as ReActTaskMemoryOptions;
  if (
    o.memory === null ||
    typeof o.memory !== 'object' ||
    typeof o.memory.save !== 'function' ||
    typeof o.memory.search !== 'function'
  ) {
    throw new ValidationError('taskMemory.memory', 'must be a TaskMemory (createTaskMemory)');
  }
  for (const key of ['recall', 'save'] as const) {
    if (o[key] !== undefined && typeof o[key] !== 'boolean')
      throw new ValidationError(`taskMemory.${key}`, 'must be a boolean');
  }
  const topK = o.topK ?? 3;
  if (!Number.isInteger(topK) || topK < 1 || topK > 20)
    throw new ValidationError('taskMemory.topK', 'must be an integer from 1 to 20');
  const minScore = o.minScore ?? 0.75;
  if (typeof minScore !== 'number' || !Number.isFinite(minScore))
    throw new ValidationError('taskMemory.minScore', 'must be a finite number');
  const maxAnswerLength = o.maxAnswerLength ?? 1000;
  if (!Number.isInteger(maxAnswerLength) || maxAnswerLength < 1) {
    throw new ValidationError('taskMemory.maxAnswerLength', 'must be a positive integer');
  }
  if (o.onError !== undefined && typeof o.onError !== 'function')
    throw new ValidationError('taskMemory.onError', 'must be a function');
  return {
    memory: o.memory,
    recall: o.recall ?? true,
    save: o.save ?? true,
    search: { topK, minScore, outcome: 'success' },
    maxAnswerLength,
    onError: o.onError ?? (() => undefined),
  };
}

/** The text of a prompt (its text parts joined), for searching and saving. */
export function promptText(prompt: Prompt): string {
  const content: unknown =
    typeof prompt === 'string'
      ? prompt
      : Array.isArray(prompt)
        ? prompt
        : (prompt as { content: unknown }).content;
  return contentText(content);
}

/** The block of recalled tasks added to the run's system prompt. */
export function recalledTasksBlock(matches: readonly TaskMatch[], maxAnswerLength: number): string {
  const items = matches.map(({ task }) => {
    const answer =
      task.answer.length > maxAnswerLength
        ? `${task.answer.slice(0, maxAnswerLength)}…`
        : task.answer;
    const tools = task.toolsUsed.length === 0 ? '' : `\n  Tools used: ${task.toolsUsed.join(', ')}`;
    return `- Task: ${task.question}\n  Answer: ${answer}${tools}`;
  });
  return `Similar tasks you solved before (check that they apply before reusing an answer):\n${items.join('\n')}`;
}

function answerText(data: unknown, fallback: string | undefined): string {
  if (typeof data === 'string') return data;
  if (data !== undefined) return JSON.stringify(data);
  return fallback ?? '';
}

/**
 * The block of similar successful tasks to add to a run's system prompt for `question`, or
 * `undefined` (recall off, nothing similar, or a failed search — which goes to `onError`).
 *
 * @throws AbortError when the run was aborted.
 */
export async function recallTasks(
  taskMemory: CheckedTaskMemory,
  question: string,
  signal: AbortSignal | undefined,
): Promise<string | undefined> {
  if (!taskMemory.recall || question.trim() === '') return undefined;
  try {
    const matches = await taskMemory.memory.search(question, {
      ...taskMemory.search,
      ...(signal === undefined ? {} : { signal }),
    });
    return matches.length === 0
      ? undefined
      : recalledTasksBlock(matches, taskMemory.maxAnswerLength);
  } catch (error) {
    if (AbortError.isInstance(error) || signal?.aborted) throw error;
    taskMemory.onError(error, 'recall');
    return undefined;
  }
}

/**
 * Saves a run that ended with a final answer as a solved task (save on, a question asked); a failed
 * save goes to `onError`.
 *
 * @throws AbortError when the run was aborted.
 */
export async function saveTask(
  taskMemory: CheckedTaskMemory,
  question: string,
  overview: ReActOverview<unknown>,
  signal: AbortSignal | undefined,
): Promise<void> {
  if (!taskMemory.save || question.trim() === '') return;
  try {
    await taskMemory.memory.save(
      {
        question,
        answer: answerText(overview.data, overview.lastResponse?.content),
        toolsUsed: Object.keys(overview.toolCallStats),
        outcome: 'success',
      },
      signal === undefined ? {} : { signal },
    );
  } catch (error) {
    if (AbortError.isInstance(error) || signal?.aborted) throw error;
    taskMemory.onError(error, 'save');
  }
}

/**
 * Runs one ReAct run with task memory: recalls similar successful tasks into this run's system
 * prompt first, then saves the run when it ends with a final answer. Without task memory it only
 * runs. A failed recall or save goes to `onError`; an abort still rejects.
 */
export async function runWithTaskMemory<T>(
  taskMemory: CheckedTaskMemory | undefined,
  settings: AgentSettings,
  prompt: Prompt,
  signal: AbortSignal | undefined,
  run: (settings: AgentSettings) => Promise<ReActOverview<T>>,
): Promise<ReActOverview<T>> {
  if (taskMemory === undefined) return run(settings);
  const question = promptText(prompt);
  const recalled = await recallTasks(taskMemory, question, signal);
  const overview = await run(
    recalled === undefined
      ? settings
      : { ...settings, systemPrompt: joinPrompt(settings.systemPrompt, recalled) },
  );
  await saveTask(taskMemory, question, overview, signal);
  return overview;
}
