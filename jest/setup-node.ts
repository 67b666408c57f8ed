// API tests talk to real databases and a real SMTP server; give them room.
jest.setTimeout(60_000);
