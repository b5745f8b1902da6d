/**
 * Agents calling agents over A2A (the Agent2Agent protocol), with `@aigo/a2a`.
 *
 * A "librarian" ReAct agent with a catalogue tool is served as an A2A server (`serveA2A`: an agent
 * card from its name, description and tools, on a free port of 127.0.0.1). A second agent gets the
 * librarian as a tool (`a2aTools`: the card is read, the agent becomes one tool) and delegates to it.
 * The remote task's status updates arrive as the tool's progress while it runs; its answer is what
 * the tool returns. Both agents could run in different processes or on different machines: only the
 * URL connects them, and any A2A agent or client (in any language) fits either side.
 *
 * Run: `node dist/a2a-delegation.js` (offline), or with OPENAI_API_KEY / GEMINI_API_KEY set.
 */
import { a2aTools, serveA2A } from '@aigo/a2a';
import { defineTool } from '@aigo/ai';
import { createClient, inMemoryMemoryStore } from '@aigo/client';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import Type from 'typebox';
import { pickModel, printHeader } from './shared/pick-model.js';

// 1. The remote agent: a librarian with a catalogue, served over A2A.
const findBook = defineTool({
  name: 'find_book',
  description: 'Finds the best book in the catalogue on a topic',
  input: Type.Object({ topic: Type.String({ description: 'What the book should be about' }) }),
  execute: async ({ topic }, ctx) => {
    ctx.progress({ progress: 1, total: 1, message: `searching the catalogue for ${topic}` });
    return { title: 'Artificial Intelligence: A Modern Approach', chapter: 2, topic };
  },
});
const remoteModel = pickModel(() =>
  createFakeProvider()
    .toolCall('find_book', { topic: 'intelligent agents' })
    .text('"Artificial Intelligence: A Modern Approach", chapter 2, covers intelligent agents.'),
);
printHeader('Agents calling agents over A2A', remoteModel);
const librarian = createReAct(
  createClient(remoteModel.provider, { defaultModel: remoteModel.model, tools: [findBook] }),
  { name: 'librarian', description: 'Recommends books from the library catalogue' },
);
const server = await serveA2A(librarian, { memory: inMemoryMemoryStore() });
// The card any A2A client reads first (the A2A-Version header asks for the 1.0 shape).
const response = await fetch(`${server.url}/.well-known/agent-card.json`, {
  headers: { 'A2A-Version': '1.0' },
});
const card = (await response.json()) as {
  name: string;
  description: string;
  skills: { id: string }[];
};
console.log(`served: ${card.name} — ${card.description}`);
console.log(`skills: ${card.skills.map((skill) => skill.id).join(', ')}`);

// 2. The calling agent: the librarian is one of its tools.
const tools = await a2aTools({ url: server.url });
console.log(`tool: ${tools.map((tool) => tool.name).join(', ')}`);
const { provider, model } = pickModel(() =>
  createFakeProvider()
    .toolCall('librarian', { message: 'Which book explains intelligent agents?' })
    .text('Read chapter 2 of "Artificial Intelligence: A Modern Approach".'),
);
const assistant = createReAct(createClient(provider, { defaultModel: model, tools }), {
  name: 'assistant',
});

// 3. A streamed run: the remote task's updates arrive as tool_progress events.
for await (const event of assistant.executeStream(
  'I want to learn what an AI agent is. What should I read?',
)) {
  if (event.type === 'tool_call') {
    console.log(`tool call: ${event.toolCall.function.name}(${event.toolCall.function.arguments})`);
  } else if (event.type === 'tool_progress') {
    console.log(`  remote: ${event.progress.message}`);
  } else if (event.type === 'tool_result') {
    console.log(`tool result: ${event.result}`);
  } else if (event.type === 'final_answer') {
    console.log(`\nanswer: ${event.content}`);
  }
}

await server.close();
await Promise.all([remoteModel.provider.close?.(), provider.close?.()]);
