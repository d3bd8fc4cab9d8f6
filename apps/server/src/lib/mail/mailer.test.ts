import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import {
  createMailer,
  defaultFromAddress,
  MailDeliveryError,
  parseRecipients,
  type MailLog,
  type Mailer,
  type MailMessage,
} from './mailer.ts';
import { freePort } from '../../../test/process-helpers.ts';

const PDF = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../../test/fixtures/own/simple-form.pdf'),
);

type LogLine = { level: 'info' | 'warn'; obj: object; msg: string };

function captureLog(): MailLog & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  return {
    lines,
    info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
  };
}

function messageTo(to: string[]): MailMessage {
  return {
    to,
    subject: 'Your filled form: Intake – Ada',
    text: 'Hello,\nthe filled PDF is attached.\n',
    html: '<p>Hello,<br>the filled PDF is attached.</p>',
    attachments: [{ filename: 'intake-ada.pdf', content: PDF, contentType: 'application/pdf' }],
  };
}

let dataDir: string;
const open: Array<{ close: () => Promise<void> }> = [];

beforeEach(async () => {
  dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'formbridge-mail-'));
});

afterEach(async () => {
  // Mailers before sinks: a pooled connection left open would hold the sink's close.
  for (const resource of open.splice(0).reverse()) {
    await resource.close();
  }
  await fsp.rm(dataDir, { recursive: true, force: true });
});

async function smtpSetup(rejectRecipients?: string[]): Promise<{ sink: SmtpSink; mailer: Mailer }> {
  const sink = await startSmtpSink(rejectRecipients ? { rejectRecipients } : {});
  open.push(sink);
  const mailer = createMailer(
    { smtpUrl: sink.url, dataDir, publicUrl: 'https://forms.example.com' },
    captureLog(),
  );
  open.push(mailer);
  return { sink, mailer };
}

describe('SMTP transport', () => {
  it('delivers subject, text, html and the PDF attachment byte for byte', async () => {
    const { sink, mailer } = await smtpSetup();
    expect(mailer.transport).toBe('smtp');

    const result = await mailer.send(messageTo(['ada@example.com']));

    expect(result.accepted).toEqual(['ada@example.com']);
    expect(result.rejected).toEqual([]);
    const [mail] = sink.messages;
    expect(sink.messages).toHaveLength(1);
    expect(mail?.messageId).toBe(result.messageId);
    expect(mail?.subject).toBe('Your filled form: Intake – Ada');
    expect(mail?.text).toBe('Hello,\nthe filled PDF is attached.\n');
    expect(mail?.html).toContain('the filled PDF is attached.');
    expect(mail?.from?.value).toEqual([
      { name: 'Formbridge', address: 'no-reply@forms.example.com' },
    ]);
    expect(mail?.attachments).toHaveLength(1);
    const attachment = mail?.attachments[0];
    expect(attachment?.filename).toBe('intake-ada.pdf');
    expect(attachment?.contentType).toBe('application/pdf');
    expect(Buffer.compare(attachment?.content ?? Buffer.alloc(0), PDF)).toBe(0);
  });

  it('reports a refused recipient as rejected and still delivers to the others', async () => {
    const { sink, mailer } = await smtpSetup(['nobody@example.com']);

    const result = await mailer.send(
      messageTo(['ada@example.com', 'Nobody@Example.com', 'bob@example.org']),
    );

    expect(result.accepted).toEqual(['ada@example.com', 'bob@example.org']);
    expect(result.rejected).toEqual(['Nobody@Example.com']);
    // One message each (MAIL_RECIPIENTS=separate): nobody sees the other addresses.
    expect(sink.envelopes).toEqual([
      { from: 'no-reply@forms.example.com', to: ['ada@example.com'] },
      { from: 'no-reply@forms.example.com', to: ['bob@example.org'] },
    ]);
    expect(sink.messages.map((mail) => mail.to)).toHaveLength(2);
  });

  it('sends one message with the recipients in Bcc, From and Reply-To as configured', async () => {
    const sink = await startSmtpSink();
    open.push(sink);
    const mailer = createMailer(
      {
        smtpUrl: sink.url,
        dataDir,
        from: 'Acme Forms <forms@acme.example>',
        replyTo: 'office@acme.example',
        recipients: 'bcc',
      },
      captureLog(),
    );
    open.push(mailer);
    const message = { ...messageTo(['ada@example.com', 'bob@example.org']), html: undefined };

    const result = await mailer.send(message);

    expect(result.accepted).toEqual(['ada@example.com', 'bob@example.org']);
    expect(sink.envelopes).toEqual([
      { from: 'forms@acme.example', to: ['ada@example.com', 'bob@example.org'] },
    ]);
    const [mail] = sink.messages;
    expect(mail?.from?.value).toEqual([{ name: 'Acme Forms', address: 'forms@acme.example' }]);
    expect(mail?.replyTo?.value).toEqual([{ name: '', address: 'office@acme.example' }]);
    expect(mail?.headers.get('bcc')).toBeUndefined();
    expect(JSON.stringify(mail?.to)).not.toContain('ada@example.com');
    // Plain text and an HTML part made from it.
    expect(mail?.text).toBe('Hello,\nthe filled PDF is attached.\n');
    expect(mail?.html).toContain('<p>Hello,<br>\nthe filled PDF is attached.</p>');
  });

  it('retries with back-off while the relay is down and delivers once it is up', async () => {
    const port = await freePort();
    const log = captureLog();
    const mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${port}`, dataDir, retryDelaysMs: [300, 1_500, 5_000] },
      log,
    );
    open.push(mailer);
    // The relay comes up after the first attempt failed.
    const sinkStarted = new Promise<SmtpSink>((resolve) => {
      setTimeout(() => resolve(startSmtpSink({ port })), 150);
    });

    const result = await mailer.send(messageTo(['ada@example.com']));
    const sink = await sinkStarted;
    open.push(sink);

    expect(result.accepted).toEqual(['ada@example.com']);
    expect(sink.messages).toHaveLength(1);
    expect(log.lines.filter((line) => line.msg === 'mail relay down').length).toBeGreaterThan(0);
  });

  it('answers instead of throwing when every recipient is refused', async () => {
    const { sink, mailer } = await smtpSetup(['a@example.com', 'b@example.com']);

    const result = await mailer.send(messageTo(['a@example.com', 'b@example.com']));

    expect(result).toMatchObject({ accepted: [], rejected: ['a@example.com', 'b@example.com'] });
    expect(sink.messages).toHaveLength(0);
  });

  it('refuses invalid addresses without offering them to the server', async () => {
    const { sink, mailer } = await smtpSetup();

    const result = await mailer.send(messageTo(['not-an-address', 'ada@example.com']));

    expect(result.accepted).toEqual(['ada@example.com']);
    expect(result.rejected).toEqual(['not-an-address']);
    expect(sink.envelopes[0]?.to).toEqual(['ada@example.com']);
  });

  it('throws MailDeliveryError when nothing listens on the SMTP port', async () => {
    const log = captureLog();
    const mailer = createMailer(
      { smtpUrl: `smtp://user:secret@127.0.0.1:${await freePort()}`, dataDir, retryDelaysMs: [] },
      log,
    );
    open.push(mailer);

    const error: unknown = await mailer
      .send(messageTo(['ada@example.com']))
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(MailDeliveryError);
    expect((error as MailDeliveryError).message).toMatch(/^Mail could not be sent: .*ECONNREFUSED/);
    expect((error as MailDeliveryError).code).toBe('ESOCKET');
    expect(log.lines.some((line) => line.level === 'warn' && line.msg === 'mail not sent')).toBe(
      true,
    );
    expect(JSON.stringify(log.lines.map((line) => [line.msg, line.obj]))).not.toContain('secret');
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps:// when created', () => {
    expect(() =>
      createMailer({ smtpUrl: 'http://mail.example.com', dataDir }, captureLog()),
    ).toThrow('SMTP_URL must start with smtp:// or smtps://');
  });
});

describe('outbox transport', () => {
  it('writes a complete .eml with the attachment and logs where it went', async () => {
    const log = captureLog();
    const mailer = createMailer(
      { smtpUrl: undefined, dataDir, from: 'Forms <forms@example.net>', recipients: 'bcc' },
      log,
    );
    open.push(mailer);
    expect(mailer.transport).toBe('outbox');

    const result = await mailer.send(messageTo(['ada@example.com', 'BOB@example.com', 'x']));

    expect(result.accepted).toEqual(['ada@example.com', 'BOB@example.com']);
    expect(result.rejected).toEqual(['x']);
    const files = await fsp.readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const [file = ''] = files;
    expect(file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f-]{36}\.eml$/);
    const raw = await fsp.readFile(path.join(dataDir, 'outbox', file));
    expect(raw.toString('latin1')).toMatch(/^[^\n]*\r\n/);
    const mail = await simpleParser(raw);
    expect(mail.messageId).toBe(result.messageId);
    expect(mail.from?.value).toEqual([{ name: 'Forms', address: 'forms@example.net' }]);
    expect(mail.subject).toBe('Your filled form: Intake – Ada');
    expect(mail.text).toBe('Hello,\nthe filled PDF is attached.\n');
    expect(mail.attachments[0]?.filename).toBe('intake-ada.pdf');
    expect(Buffer.compare(mail.attachments[0]?.content ?? Buffer.alloc(0), PDF)).toBe(0);
    const logged = log.lines.find((line) => line.msg === 'mail written to outbox');
    expect(logged?.obj).toEqual({
      path: path.join(dataDir, 'outbox', file),
      to: ['ada@example.com', 'BOB@example.com'],
      subject: 'Your filled form: Intake – Ada',
    });
  });

  it('closes cleanly before its first message (the composer loads with the first one)', async () => {
    const mailer = createMailer({ smtpUrl: undefined, dataDir }, captureLog());
    await expect(mailer.close()).resolves.toBeUndefined();
    await expect(fsp.readdir(path.join(dataDir, 'outbox'))).rejects.toThrow(/ENOENT/);
  });

  it('treats a blank SMTP_URL as no SMTP', () => {
    const mailer = createMailer({ smtpUrl: '  ', dataDir }, captureLog());
    expect(mailer.transport).toBe('outbox');
  });
});

describe('defaultFromAddress', () => {
  it('uses the public host, and localhost when there is no usable one', () => {
    expect(defaultFromAddress('https://forms.example.com:8443/app')).toBe(
      'Formbridge <no-reply@forms.example.com>',
    );
    expect(defaultFromAddress(undefined)).toBe('Formbridge <no-reply@localhost>');
    expect(defaultFromAddress('http://192.168.1.20:8000')).toBe('Formbridge <no-reply@localhost>');
    expect(defaultFromAddress('http://[::1]:8000')).toBe('Formbridge <no-reply@localhost>');
  });
});

describe('parseRecipients', () => {
  it('splits on commas, semicolons and any whitespace', () => {
    expect(
      parseRecipients('a@example.com, b@example.com;c@example.com\n d@example.com\te@x.io'),
    ).toEqual({
      valid: ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com', 'e@x.io'],
      invalid: [],
    });
  });

  it('accepts an array whose entries may hold lists themselves', () => {
    expect(parseRecipients(['a@example.com', ' b@example.com; c@example.com ', ''])).toEqual({
      valid: ['a@example.com', 'b@example.com', 'c@example.com'],
      invalid: [],
    });
  });

  it('drops case-insensitive duplicates, keeping the first spelling', () => {
    expect(parseRecipients('Ada@Example.com, ada@example.com; ADA@EXAMPLE.COM, x, X')).toEqual({
      valid: ['Ada@Example.com'],
      invalid: ['x'],
    });
  });

  it('separates invalid addresses', () => {
    const tooLong = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(60)}.com`;
    expect(tooLong.length).toBeGreaterThan(254);
    const result = parseRecipients([
      'ok@example.com',
      'plainaddress',
      '@example.com',
      'ada@',
      'ada@example',
      'ada@@example.com',
      'ada@exa mple.com',
      tooLong,
    ]);
    expect(result.valid).toEqual(['ok@example.com']);
    expect(result.invalid).toEqual([
      'plainaddress',
      '@example.com',
      'ada@',
      'ada@example',
      'ada@@example.com',
      'ada@exa',
      'mple.com',
      tooLong,
    ]);
  });

  it('returns nothing for blank input', () => {
    expect(parseRecipients('  ,; \n')).toEqual({ valid: [], invalid: [] });
    expect(parseRecipients([])).toEqual({ valid: [], invalid: [] });
  });
});
