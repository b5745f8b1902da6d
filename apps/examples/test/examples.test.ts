import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pgMemoryStore } from '@aigo/memory-pg';
import { testDatabase } from '@aigo/pg/testing/vitest';
import { describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const src = fileURLToPath(new URL('../src/', import.meta.url));

/** The child's environment: no API key, no base URL, no database — every example runs offline. */
function offlineEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) {
    if (
      /^(OPENAI_|GEMINI_|ANTHROPIC_|GOOGLE_(GENERATIVE_AI_)?API_KEY$|AIGO_|DATABASE_URL$|NO_COLOR$)/.test(
        name,
      )
    ) {
      delete env[name];
    }
  }
  return env;
}

function run(
  example: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [`${dist}${example}.js`],
      { env: { ...offlineEnv(), ...env } },
      (error, stdout, stderr) => {
        resolve({
          code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1,
          stdout,
          stderr,
        });
      },
    );
  });
}

/** Fails unless each expectation is found in `stdout` after the previous one (strings: exact substrings). */
function expectInOrder(stdout: string, expected: readonly (string | RegExp)[]): void {
  let from = 0;
  for (const expectation of expected) {
    const rest = stdout.slice(from);
    const match =
      typeof expectation === 'string'
        ? { index: rest.indexOf(expectation), length: expectation.length }
        : (() => {
            const found = expectation.exec(rest);
            return { index: found?.index ?? -1, length: found?.[0].length ?? 0 };
          })();
    expect(match.index, `${String(expectation)} in what follows:\n${rest}`).toBeGreaterThanOrEqual(
      0,
    );
    from += match.index + match.length;
  }
}

const OFFLINE_HEADER =
  '   model: OFFLINE, a scripted model (createFakeProvider from @aigo/testing). Set OPENAI_API_KEY, GEMINI_API_KEY or ANTHROPIC_API_KEY to run it on a real one.\n';

/** What each example must print, in this order (strings are exact substrings). */
const EXPECTED: Record<string, readonly (string | RegExp)[]> = {
  'images-and-audio': [
    '== Images and audio\n',
    /model: OFFLINE, a Gemini image answer recorded earlier \(speech and transcript built\)/,
    /image: image\/png, \d+ bytes\n/,
    / {2}saved to \S+image\.png\n/,
    'speech: audio/wav, 52 bytes\n',
    'transcript: Hello from aigo.\n',
    /calls: 3, tokens: \d+\n/,
  ],
  'raw-provider': [
    '== Layer 1: a raw provider call\n',
    /model: OFFLINE, OpenAI answers recorded earlier, replayed by a local server at http:\/\/127\.0\.0\.1:\d+\n/,
    'question: Return the name of a random city in the world.\nsendMessage → How about "Lisbon"? It’s the capital city of Portugal',
    '  model: gpt-4o-mini-2024-07-18, finish reason: stop\n',
    '  usage: 18 prompt + 24 completion = 42 tokens\n',
    '\nquestion: What is the capital of the UK? One sentence.\nstreamMessage → The capital of the UK is London.\n',
    / {2}then: usage \d+ tokens, finish stop\n/,
    '  POST /v1/chat/completions model=gpt-4o-mini stream=false\n',
    '  POST /v1/chat/completions model=gpt-4o-mini stream=true\n',
    '  authorization: Bearer sk-…\n',
  ],
  retrieval: [
    '== Retrieval-augmented answering\n',
    /model: OFFLINE, a local stand-in for the OpenAI API at http:\/\/127\.0\.0\.1:\d+\n/,
    'indexed 5 passages (256 dimensions, cosine)\n',
    'ingested again: 5 unchanged, 0 chunks embedded\n',
    / {2}retrieved returns \(score 0\.\d\d\): Returns are accepted within 30 days/,
    'question: Within how many days are returns accepted?\n',
    '  injected: returns, refunds\n',
    'answer: According to the handbook: Returns are accepted within 30 days of delivery, in the original packaging.\n',
    'question: When is the shop in Via Roma open?\n',
    '  injected: opening',
    'answer: According to the handbook: The shop in Via Roma is open from 9 to 18, Monday to Saturday.\n',
    'tool search_knowledge({"query":"warranty"}) → warranty\n',
  ],
  'manual-tool-loop': [
    OFFLINE_HEADER,
    'turn 1: get_weather({"city":"Paris"}) → {"city":"Paris","celsius":18}\n',
    'turn 1: get_weather({"city":"Rome"}) → {"city":"Rome","celsius":24}\n',
    'turn 2: answer → It is warmer in Rome: 24 °C, against 18 °C in Paris.\n',
    'a failing call → {"ok":false,"error":{"code":"tool_execution_failed","message":"No weather station in Atlantis"}}\n',
    'invalid arguments → {"ok":false,"error":{"code":"invalid_arguments"',
    '5 messages in the conversation\n',
  ],
  'structured-output': [
    OFFLINE_HEADER,
    'Pancakes for 4:\n  - 250 g flour\n  - 500 g milk\n  - 120 g eggs\n',
    /total weight: 870 g \(\d+ tokens\)\n/,
    'an answer that does not fit → ParseError (/servings: must be integer)\n',
  ],
  'streamed-object': [
    OFFLINE_HEADER,
    'partial: {}\n',
    'partial: {"city":"Lisbon"}\n',
    /partial: \{"city":"Lisbon","summary":"Hills"/,
    '  day 1 complete: Alfama and the castle (6.5 km)\n',
    '  day 2 complete: Belém by the river (4 km)\n',
    '  day 3 complete: Sintra by train (8 km)\n',
    /final: Lisbon, 3 days, 18\.5 km in all — after \d{2,} partials \(\d+ tokens\)\n/,
  ],
  streaming: [
    OFFLINE_HEADER,
    '[thinking] A one-sentence story: keep it short and gentle.\n',
    '[answer] Once upon a time, a small robot learned to speak one word at a time, and everyone listened.\n',
    /\[usage\] \d+ tokens\n\[finish\] stop\n/,
    /\d{2} content deltas; collect\(\) → 91 characters, id fake-1\n/,
    'stopped after 8 deltas: "This second story is much longer, and nobody…"\n',
  ],
  fallback: [
    '== Keep answering when OpenAI is down\n',
    /OpenAI: a local stand-in answering 503 at http:\/\/127\.0\.0\.1:\d+\n/,
    'backup: OFFLINE, a scripted stand-in for Claude\n',
    'Hello? → (Claude) Hello? — still answering.\n',
    '  answered by anthropic:claude-haiku-4-5; failed first: openai:gpt-4o-mini overloaded 503\n',
    'Still? → (Claude) Still? — still answering.\n',
    '  answered by anthropic:claude-haiku-4-5; failed first: openai:gpt-4o-mini overloaded 503\n',
    'And now? → (Claude) And now? — still answering.\n',
    '  answered by anthropic:claude-haiku-4-5; failed first: nothing (OpenAI skipped)\n',
    'OpenAI was tried 3 times, then its circuit opened.\n',
    // 4 × (20 × 1 + 10 × 5) per million
    'anthropic:claude-haiku-4-5: 4 calls, $0.000280\n',
  ],
  'cost-tracking': [
    OFFLINE_HEADER,
    'answer: aigo is a set of small TypeScript packages for LLM applications.\n',
    'model offline-model: 2 calls, 2700 prompt tokens (1024 cached), 340 completion tokens (200 reasoning)\n',
    // (2700 − 1024) × 0.15 + 1024 × 0.075 + (340 − 200) × 0.6 + 200 × 0.6, per million
    '  input $0.000251 + cached $0.000077 + output $0.000084 + reasoning $0.000120 = $0.000532\n',
    'tool web_search: 1 call(s) = $0.005000\n',
    /compute: \d+\.\d{3} s = \$0\.\d{6}\n/,
    'price of offline-model: your modelCost\n',
    // Models $0.000532 + tool $0.005 + compute: at least $0.005532, whatever the machine's speed
    // (the sum itself is checked below).
    /total: \$0\.00(55[3-9]\d|5[6-9]\d\d|[6-9]\d\d\d) USD\n/,
  ],
  middleware: [
    OFFLINE_HEADER,
    '[log] llm send {"model":"offline-model"}\n',
    '[log:error] llm send failed {"model":"offline-model"',
    '"errorCode":"rate_limited","status":429}\n',
    '[retry] retry 1 in 200 ms after: Rate limit reached (scripted 429)\n',
    '[log] llm send {"model":"offline-model"}\n',
    '[log] llm send completed {"model":"offline-model"',
    /\[timing\] send offline-model: \d+ ms\n/,
    'answer: Hello! (This answer came on the second attempt.)\n',
    '[log] llm stream completed {"model":"offline-model"',
    /\[timing\] stream offline-model: \d+ ms, \d+ tokens\n/,
    'streamed answer: And this one was streamed.\n',
  ],
  observability: [
    OFFLINE_HEADER,
    '--- @aigo/observability: createLogObserver({ format: "compact", level: "debug" })\n',
    /DEBUG Span started → \{"span":"invoke_agent math","span_id":1,/,
    /DEBUG Span ended → \{"span":"chat offline-model","span_id":2,"parent":"invoke_agent math","parent_id":1,/,
    /DEBUG Span ended → \{"span":"execute_tool Calculator","span_id":3,"parent":"invoke_agent math"/,
    /DEBUG Span ended → \{"span":"invoke_agent math","span_id":1,.*"aigo\.react\.stop_reason":"final_answer"/,
    'answer: 6 × 7 = 42.\n',
    '--- @aigo/otel: createOtelObserver() with the OpenTelemetry ConsoleSpanExporter\n',
    "  name: 'chat offline-model',\n",
    "  name: 'execute_tool Calculator',\n",
    "    'gen_ai.tool.name': 'Calculator',\n",
    "  name: 'invoke_agent math',\n",
    "    'aigo.react.stop_reason': 'final_answer',\n",
    'answer: 6 × 7 = 42.\n',
  ],
  'stateless-vs-stateful': [
    OFFLINE_HEADER,
    'stateless client\n  you: My name is Ada.\n   (request carries 1 message(s))\n  model: Nice to meet you, Ada.\n' +
      '  you: What is my name?\n   (request carries 1 message(s))\n' +
      "  model: I don't know your name: this request holds no earlier messages.\n",
    'stateful client (inMemoryMemory)\n  you: My name is Ada.\n   (request carries 1 message(s))\n' +
      '  model: Nice to meet you, Ada.\n  you: What is my name?\n   (request carries 3 message(s))\n' +
      '  model: Your name is Ada.\n  the memory holds 4 messages\n',
    /resumed from \d+ bytes of JSON: 4 messages\n/,
    '   (request carries 5 message(s))\n  model: Your name is Ada.\n',
    "one call with memory: null\n   (request carries 1 message(s))\n  model: I don't know your name",
  ],
  'postgres-memory': [
    'postgres-memory: DATABASE_URL is not set, so this example did not run.\n',
    '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node dist/postgres-memory.js\n',
  ],
  'durable-graph-worker': [
    'durable-graph-worker: DATABASE_URL is not set, so this example did not run.\n',
    '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node dist/durable-graph-worker.js\n',
  ],
  'durable-graph-submitter': [
    'durable-graph-submitter: DATABASE_URL is not set, so this example did not run.\n',
    '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node dist/durable-graph-submitter.js\n',
  ],
  'compare-models': [
    '== Compare two models on a support-ticket dataset\n',
    '   mode: OFFLINE, replaying evals/recordings/ (no key, no network).',
    'gpt-4o  ·  support-tickets@1  ·  8 cases × 1 trial  ·  structured-client gpt-4o  ·  replay\n',
    /accuracy +1\.00 +\[1\.00, 1\.00\] +100%\n/,
    'cost     $0.00260 total, $0.000325 per case\n',
    'latency  p50 829 ms, p95 1,227 ms\n',
    'gpt-4o-mini  ·  support-tickets@1  ·  8 cases × 1 trial  ·  structured-client gpt-4o-mini  ·  replay\n',
    /accuracy +0\.75 +\[0\.50, 1\.00\] +75%\n/,
    'gpt-4o-mini vs gpt-4o  ·  8 paired cases\n',
    'worse: t5 (accuracy 1.00 → 0.00), t7 (accuracy 1.00 → 0.00)\n',
    'B: −0.25 ± 0.31 accuracy, +0.69 ± 0.00 budget, 0.06× cost, 0.46× p95\n',
    /HTML report: \S+aigo-compare-models\.html\n/,
  ],
  'react-agent': [
    OFFLINE_HEADER,
    'total: 395\n',
    'working: 17 × 23 = 391 pencils in boxes, + 4 loose = 395\n',
    'iterations: 3, tool calls: {"Calculator":2}\n',
    /tokens: \d+, cost: \$0\.\d{6}\n/,
    'a model that never answers → AgentStoppedError, stopReason: max_iterations\n',
  ],
  'human-in-the-loop': [
    OFFLINE_HEADER,
    'waiting: Send this payment? send_money({"to":"Alice","amount":200,"pin":"[REDACTED]"})\n',
    /tools run so far: 0; suspended value: \d+ bytes of JSON, signed\n/,
    'approved with an edit → Done: I sent 20 EUR to Alice.\n',
    'money sent: 20 EUR to Alice\n',
    'waiting: Send this payment? send_money({"to":"Mallory","amount":5000,"pin":"[REDACTED]"})\n',
    'refused → I did not send the money: the payment was refused (unknown payee).\n',
    'money sent: 20 EUR to Alice\n',
    'conversation: user, assistant, tool, assistant, user, assistant, tool, assistant\n',
  ],
  'react-streaming': [
    OFFLINE_HEADER,
    '-- iteration 1\nthinking: I need both temperatures; I can ask for them at once.\n',
    'tool call: get_weather({"city":"Paris"})\ntool call: get_weather({"city":"Rome"})\n',
    'tool result: {"city":"Paris","celsius":18}\ntool result: {"city":"Rome","celsius":24}\n',
    '-- iteration 2\nthinking: Rome has 24 °C, Paris 18 °C: Rome is 6 degrees warmer.\n',
    'text: {"warmer": "Rome", "difference": 6}\n',
    'final answer: Rome is warmer by 6 °C (3 partial answers while it streamed)\n',
    /\n2 iterations, \d+ tokens\n$/,
  ],
  'react-agent-tool': [
    OFFLINE_HEADER,
    'writer: calls researcher({"prompt":"Who wrote the first published computer algorithm, and when?"})\n',
    'writer > researcher: calls search({"query":"first published computer algorithm"})\n',
    'writer > researcher: final answer {"answer":"Ada Lovelace, in 1843","source":"encyclopedia"}\n',
    'writer: researcher answered {"answer":"Ada Lovelace, in 1843","source":"encyclopedia"}\n',
    'writer: final answer "In 1843 Ada Lovelace published the first algorithm meant for a machine."\n',
    /\n {2}writer: \d+ tokens\n {2}writer\/researcher: \d+ tokens\ntotal: \d+ tokens\n$/,
  ],
  'react-steering': [
    OFFLINE_HEADER,
    '-- iteration 1\ntool call: find_trains({"to":"Lisbon"})\n',
    'you: Actually, make it Porto. → queued\ntool call: find_trains({"to":"Seville"})\n',
    'tool result: {"to":"Lisbon","departures":["08:05","09:40"]}\n',
    'tool result: {"to":"Seville","departures":["08:05","09:40"]}\n',
    'steering_message (read at iteration 2): Actually, make it Porto.\n-- iteration 2\n',
    'final answer: Then Porto: I will look for trains to Porto next.\n',
    'after the end: finished\n',
    'stored: user, assistant, tool, tool, user, assistant\n',
    'queued before the run starts: queued\n',
    'answer: The 140 EUR ticket is over your budget; take the 08:05 regional train at 60 EUR.\n',
    '  user: Is the 140 EUR ticket fine?\n  user: I travel with a bike.\n',
    '  user: The budget is 100 EUR; 140 EUR is too much.\n',
    'after the end: finished\n',
  ],
  'react-guardrails': [
    OFFLINE_HEADER,
    'stopped: guardrail by card-number (the message holds a card number)\n',
    'denied: refund — only support staff can refund\n',
    'tool result: {"order":"A-17","status":"shipped"}\n',
    'guardrail no-phone-numbers: retry\n',
    'answer: Your order A-17 has shipped; a colleague will look at the refund.\n',
  ],
  'react-step-by-step': [
    OFFLINE_HEADER,
    /started: \d+ bytes of signed JSON, saved in the run store\n/,
    '  tool call: {"operation":"multiply","a":17,"b":23}\n',
    '  tool result: {"result":391,"expression":"17 * 23 = 391"}\nstep 1: continue\n',
    '  tool call: {"operation":"add","a":391,"b":4}\n',
    '  tool result: {"result":395,"expression":"391 + 4 = 395"}\nstep 2: continue\n',
    'step 3: final\nanswer: {"total":395} in 3 iterations\n',
    /tokens: \d+; state: \{"requestedBy":"ada"\}\n/,
    'stepped again: final\n',
    'an old state stepped again: run_conflict\n',
  ],
  'react-run-state': [
    OFFLINE_HEADER,
    'you: Put tea and a mug in my cart.\nagent: Your cart holds tea and a mug.\n',
    'state: {"cart":["tea","mug"]}\n',
    'you: Check out, please.\nagent: Paid 13 EUR for tea and a mug.\n',
    'state: {"cart":[],"paid":13}\n',
  ],
  'web-streaming': [
    OFFLINE_HEADER,
    '-- GET /chat?q=Tell%20me%20a%20one-sentence%20story.\n',
    'event: start           offline-model\n',
    'event: reasoning       A one-sentence story: keep it short.\n',
    'event: content         Once upon a time, a small robot learned to speak, one word at a time.\n',
    /event: usage {11}\d+ tokens\n/,
    'event: finish          stop\n   server: the stream finished\n',
    'event: iteration_start 1\nevent: tool_call       get_weather({"city":"Rome"})\n',
    'event: tool_result     {"city":"Rome","celsius":24}\nevent: iteration_start 2\n',
    'event: content         It is 24 °C in Rome right now.\n',
    /event: usage {11}\d+ tokens\n/,
    'event: final_answer    It is 24 °C in Rome right now.\n   server: the stream finished\n',
    '   client: saw search_archive, and leaves\n',
    '   tool: search_archive was cancelled\n',
    '   server: the stream stopped (agent_stopped)\n',
  ],
  'graph-workflow': [
    OFFLINE_HEADER,
    'node_complete verdict\n',
    'skipped memo: condition_not_met\n',
    'node_complete report\ngraph finished: 5 nodes ran, memo skipped by its condition\n',
    'report: RECOMMEND: the advantages outweigh the drawbacks. Next step: a two-week pilot.\n',
    'pros: fast to start; one binary; strong typing (completed)\n',
    'memo: skipped (condition_not_met)\n',
    /model calls: 3, tokens: \d+, cost: \$0\.\d{6}\n/,
  ],
  'a2a-delegation': [
    OFFLINE_HEADER,
    'served: librarian — Recommends books from the library catalogue\n',
    'skills: find_book\ntool: librarian\n',
    'tool call: librarian({"message":"Which book explains intelligent agents?"})\n',
    '  remote: librarian: submitted\n  remote: librarian: working\n  remote: Calling find_book\n',
    '  remote: find_book: searching the catalogue for intelligent agents (1/1)\n',
    '  remote: librarian: completed\n',
    'tool result: {"answer":"\\"Artificial Intelligence: A Modern Approach\\", chapter 2, covers intelligent agents."}\n',
    '\nanswer: Read chapter 2 of "Artificial Intelligence: A Modern Approach".\n',
  ],
  'mcp-tools': [
    '== MCP: tools from an MCP server, and aigo tools served over MCP\n',
    OFFLINE_HEADER,
    'connected to mcp-servers/everything (a child process: true)\n',
    'tools: ev_echo, ev_get-sum, ev_get-tiny-image\n',
    'ev_echo → Echo: hello over MCP\n',
    'ev_get-tiny-image → content parts: image image/png\n',
    /serveMcp → http:\/\/127\.0\.0\.1:\d+\/mcp\n/,
    'tools: calc_Calculator\n',
    'sum: 42, product: 42\n',
    'tool calls: {"ev_get-sum":1,"calc_Calculator":1}\n',
    'child process still running after close: false\n',
  ],
  'third-party-tool': [
    OFFLINE_HEADER,
    'tool unit_converter: parameters ["value","from","to"], cost 0 USD\n',
    'call → {"value":220.462,"unit":"lb","text":"100 kg = 220.462 lb"}\n',
    'call with a mismatch → {"ok":false,"error":{"code":"tool_error","message":"Cannot convert mass (kg) to length (km)"}}\n',
    'call with bad arguments → {"ok":false,"error":{"code":"invalid_arguments"',
    'marathon: 42.1648 km, per runner: 10.5412 km\n',
    'tool calls: {"unit_converter":1,"Calculator":1}\n',
  ],
};

describe('every example runs offline as a child process', { timeout: 30_000 }, () => {
  it('has an expectation for every example file, and none for a missing one', () => {
    const files = readdirSync(src)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => file.slice(0, -'.ts'.length))
      .sort();
    expect(files).toEqual(Object.keys(EXPECTED).sort());
  });

  it('cost-tracking: the total is models + tools + compute, to the printed precision', async () => {
    const { stdout } = await run('cost-tracking');
    const compute = Number(/compute: \d+\.\d{3} s = \$(0\.\d{6})\n/.exec(stdout)?.[1]);
    const total = Number(/total: \$(0\.\d{6}) USD\n/.exec(stdout)?.[1]);
    expect(total).toBeCloseTo(0.000532 + 0.005 + compute, 5);
  });

  it.each(Object.entries(EXPECTED))('%s', async (example, expected) => {
    const { code, stdout, stderr } = await run(example);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expectInOrder(stdout, expected);
  });
});

// Without DATABASE_URL (above) postgres-memory only says how to run it; here it runs for real against
// the PostgreSQL this test run started (test/global-setup.ts: DATABASE_URL or a scratch cluster).
describe("postgres-memory against the test run's PostgreSQL", { timeout: 60_000 }, () => {
  const database = testDatabase();
  const conversationOf = (stdout: string) =>
    /conversation (example-[0-9a-f-]{36}): \d+ messages\n/.exec(stdout)?.[1];

  it('stores the turns, and a second store and client continue the conversation from PostgreSQL', async () => {
    const ids: string[] = [];
    // Twice: on a new database (the tables are created), then again on the tables it left.
    for (const round of [1, 2]) {
      const { code, stdout, stderr } = await run('postgres-memory', {
        DATABASE_URL: database.url,
      });
      expect(stderr, `round ${round}`).toBe('');
      expect(code, `round ${round}`).toBe(0);
      expectInOrder(stdout, [
        '== PostgreSQL memory\n',
        OFFLINE_HEADER,
        'process 1: a store and a client\n' +
          '  you: My name is Ada.\n' +
          '   (request carries 1 message(s))\n' +
          '  model: Nice to meet you, Ada.\n' +
          '  stored: 2 messages\n',
        // A new store, pool and client: the request carries the 2 stored messages and the prompt,
        // and the scripted model knows the name only because the history came with it.
        'process 2: a new store, a new client, the same conversation id\n' +
          '  you: What is my name?\n' +
          '   (request carries 3 message(s))\n' +
          '  model: Your name is Ada.\n',
        'stored in PostgreSQL (4 messages):\n' +
          '  user: My name is Ada.\n' +
          '  assistant: Nice to meet you, Ada.\n' +
          '  user: What is my name?\n' +
          '  assistant: Your name is Ada.\n',
        /conversation example-[0-9a-f-]{36}: 4 messages\n/,
        'deleted: true\nmessages left: 0\n',
      ]);
      const id = conversationOf(stdout);
      expect(id).toBeDefined();
      if (id !== undefined) ids.push(id);
    }
    expect(new Set(ids).size).toBe(2);
    // Seen from outside: the tables are there (a store that only checks the schema accepts them),
    // and neither conversation is left in them.
    const store = pgMemoryStore({
      connectionString: database.url,
      schema: 'aigo_examples',
      migrate: false,
    });
    try {
      await store.ready();
      const left = (await store.listConversations({ limit: 1000 })).map(
        (conversation) => conversation.id,
      );
      for (const id of ids) expect(left).not.toContain(id);
      for (const id of ids) expect(await store.conversation(id).allMessages()).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it("a server that is not there: the example fails with the store's error, naming host and port only", async () => {
    const { code, stdout, stderr } = await run('postgres-memory', {
      DATABASE_URL: 'postgres://ada:s3cret@127.0.0.1:1/nowhere',
    });
    expect(code).not.toBe(0);
    expect(stdout).toContain('process 1: a store and a client\n');
    expect(stderr).toMatch(/MemoryError/);
    expect(stderr).toContain('127.0.0.1:1');
    expect(stderr).not.toContain('s3cret');
  });
});

// Without DATABASE_URL (above) the durable-graph examples only say how to run them; here the
// submitter runs for real against the PostgreSQL this test run started, with its worker process.
describe("durable-graph-submitter against the test run's PostgreSQL", { timeout: 60_000 }, () => {
  const database = testDatabase();

  it('a worker process runs the submitted runs; results and events are read from the checkpoints; a payment suspends and is resumed', async () => {
    const { code, stdout, stderr } = await run('durable-graph-submitter', {
      DATABASE_URL: database.url,
    });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expectInOrder(stdout, [
      '== Durable graph runs: a worker and a submitter\n',
      'a worker process is ready\n',
      'submitted 3 runs of "city-report"\n',
      '  event: facts completed\n',
      '  event: summary completed\n',
      '  event: run completed\n',
      'Lisbon: completed: In short: Lisbon has a river, a castle and trams. (68 tokens, $0.000020)\n',
      'Porto: completed: In short: Porto has a river, a castle and trams. (68 tokens, $0.000020)\n',
      'Braga: completed: In short: Braga has a river, a castle and trams. (68 tokens, $0.000020)\n',
      'payment: suspended: pay({"amount":120,"to":"ACME"}) waits for approval\n',
      'payment: approved → completed: Receipt: Paid ACME 120 EUR.\n',
      'the worker stopped (exit code 0)\n',
      'Faro: cancelled\n',
    ]);
  });
});
