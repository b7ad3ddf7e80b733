import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { waitFor } from './wait';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

/**
 * A real SMTP server on a free local port (the `smtp-server` package), keeping what it is sent. `down()`
 * makes it refuse every mail (as a server that is out of service would answer, 421), `up()` ends that.
 */
export class SmtpInbox {
  readonly mails: ReceivedMail[] = [];
  port = 0;
  refused = 0;
  private accepting = true;
  private server!: SMTPServer;

  static async start(): Promise<SmtpInbox> {
    const inbox = new SmtpInbox();
    inbox.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onMailFrom: (_address, _session, callback) => {
        if (inbox.accepting) return callback();
        inbox.refused++;
        callback(Object.assign(new Error('Service not available'), { responseCode: 421 }));
      },
      onData: (stream, _session, callback) => {
        simpleParser(stream).then(
          (parsed) => {
            const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
            inbox.mails.push({
              to: to?.value[0]?.address ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              messageId: parsed.messageId ?? '',
            });
            callback();
          },
          (err: Error) => callback(err),
        );
      },
    });
    await new Promise<void>((resolve) => inbox.server.listen(0, '127.0.0.1', resolve));
    inbox.port = (inbox.server.server.address() as { port: number }).port;
    return inbox;
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  down() {
    this.accepting = false;
  }

  up() {
    this.accepting = true;
  }

  to(address: string): ReceivedMail[] {
    return this.mails.filter((mail) => mail.to === address);
  }

  /** Waits for the `count`-th mail to `address` and answers it. */
  async next(address: string, count = 1, timeoutMs = 20_000): Promise<ReceivedMail> {
    await waitFor(() => this.to(address).length >= count, timeoutMs, `mail #${count} to ${address}`);
    return this.to(address)[count - 1];
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
