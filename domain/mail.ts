// One e-mail as tools write it and the mailer sends it. Here so tools (through their job port) and jobs/ share it.
export type Mail = { to: string; subject: string; text: string; html?: string };
