import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const ctx = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
const p = await ctx.newPage(); const urls = [];
p.on('request', (r) => { if (r.resourceType() === 'script') urls.push(r.url()); });
await p.goto(process.argv[2]); await p.waitForLoadState('networkidle'); await p.waitForTimeout(3000);
console.log(urls.map((u) => new URL(u).pathname).join('\n')); await b.close();
