import { messageText, type StreamProvider } from '@aigo/ai';
import { createFakeProvider } from '@aigo/testing';

/**
 * A scripted model for the memory examples that really depends on what it is sent: it remembers a
 * name only if "My name is …" is in the messages of the request — that is, only if the client sent
 * the conversation. (`@aigo/testing`'s `onRequest` answers each call from its request.)
 */
export function nameAwareModel(): StreamProvider {
  return createFakeProvider().onRequest((request) => {
    const last = messageText(request.messages.at(-1) ?? { content: '' });
    const introduced = request.messages
      .map((message) => /my name is (\w+)/i.exec(messageText(message))?.[1])
      .find((name) => name !== undefined);
    if (/my name is/i.test(last)) return { content: `Nice to meet you, ${introduced}.` };
    return {
      content:
        introduced === undefined
          ? "I don't know your name: this request holds no earlier messages."
          : `Your name is ${introduced}.`,
    };
  });
}
