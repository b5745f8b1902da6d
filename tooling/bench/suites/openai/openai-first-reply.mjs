// One fresh process for the "start → first reply" figure: loads only what its stack needs (A:
// @aigo/openai, which loads undici at its first request; F: undici), sends one completion request and
// reports to the parent, which times from spawn to this message.
const [variant, origin, openaiDist] = process.argv.slice(2);
const messages = [{ role: 'user', content: 'Hi' }];
let content;
if (variant === 'A') {
  const { openai } = await import(openaiDist);
  const provider = openai({ baseURL: `${origin}/v1`, apiKey: 'sk-bench-0000', api: 'chat' });
  content = (await provider.sendMessage({ model: 'gpt-4o-mini', messages })).content;
  process.send({ content });
  await provider.close();
} else {
  const { Agent, request } = await import('undici');
  const dispatcher = new Agent();
  const response = await request(`${origin}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench-0000' },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages }),
    dispatcher,
  });
  content = (await response.body.json()).choices[0].message.content;
  process.send({ content });
  await dispatcher.close();
}
process.disconnect();
