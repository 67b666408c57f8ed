// The returned function of global-setup stops the portal and the SMTP receiver.
export default async function globalTeardown() {}
