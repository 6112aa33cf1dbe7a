import { chromium } from 'playwright-core';
const [,, url, out, w, h, action] = process.argv;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const p = await b.newPage({ viewport: { width: +w, height: +h } });
const errs = []; p.on('console', m => { if (m.type() === 'error' || m.type()==='warning') errs.push(m.text()); }); p.on('pageerror', e => errs.push(String(e)));
await p.goto(url);
await p.waitForSelector('html[data-ready="true"]', { timeout: 30000 });
if (action) { for (const a of action.split(';')) { if (a.startsWith('click:')) await p.click(a.slice(6)); else if (a.startsWith('wait:')) await p.waitForTimeout(+a.slice(5)); else if (a.startsWith('eval:')) await p.evaluate(a.slice(5)); } }
await p.waitForTimeout(800);
await p.screenshot({ path: out, fullPage: false });
console.log(JSON.stringify(errs));
await b.close();
