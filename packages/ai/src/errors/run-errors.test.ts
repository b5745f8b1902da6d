import { describe, expect, it } from 'vitest';
import { SUSPENDED_RUN_FORMAT, type SuspendedRun } from '../agent/suspended-run.js';
import { AigoError } from './aigo-error.js';
import { AgentStoppedError } from './higher-layer-errors.js';
import { RunConflictError, SuspendedRunError } from './run-errors.js';

describe('human-in-the-loop errors', () => {
  it('RunConflictError and SuspendedRunError carry their code and details', () => {
    const conflict = new RunConflictError('r1', 'claimed first', {
      expectedRevision: 1,
      actualRevision: 2,
    });
    expect([
      conflict.code,
      conflict.runId,
      conflict.expectedRevision,
      conflict.actualRevision,
    ]).toEqual(['run_conflict', 'r1', 1, 2]);
    expect(RunConflictError.isInstance(conflict) && AigoError.isInstance(conflict)).toBe(true);
    const invalid = new SuspendedRunError('signature', 'changed', { runId: 'r1' });
    expect([invalid.code, invalid.problem, invalid.runId, invalid.name]).toEqual([
      'invalid_suspended_run',
      'signature',
      'r1',
      'SuspendedRunError',
    ]);
  });

  it("a suspended AgentStoppedError's JSON shows the run id and requests only, never the state", () => {
    const suspended: SuspendedRun = {
      format: SUSPENDED_RUN_FORMAT,
      version: 1,
      runId: 'r1',
      agent: 'a',
      requests: [],
      state: { turn: [{ role: 'user', content: 'my pin is 4321' }] },
    };
    const error = new AgentStoppedError('suspended', 'waiting', { big: 'overview' }, { suspended });
    expect(error.suspended).toBe(suspended);
    const json = JSON.stringify(error);
    expect(json).toContain('"runId":"r1"');
    expect(json).not.toContain('4321');
    expect(json).not.toContain('overview');
  });
});
