/**
 * Outgoing e-mail (password reset links) through the SMTP server of SMTP_URL, by nodemailer.
 * One transport per URL, kept for the process; a failed send is the caller's to log.
 */
import nodemailer, { type Transporter } from 'nodemailer';

const transports = new Map<string, Transporter>();

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export async function sendMail(settings: { smtpUrl?: string; mailFrom: string }, mail: Mail): Promise<void> {
  if (!settings.smtpUrl) throw new Error('no SMTP_URL: e-mail is off');
  let transport = transports.get(settings.smtpUrl);
  if (!transport) {
    // A server that does not answer does not hold a request's work for long.
    transport = nodemailer.createTransport({
      url: settings.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    transports.set(settings.smtpUrl, transport);
  }
  await transport.sendMail({ from: settings.mailFrom, ...mail });
}
