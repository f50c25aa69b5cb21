const p = require('puppeteer-core'); const fs=require('fs');
(async () => {
  const [base, tok] = process.argv.slice(2);
  const b = await p.launch({executablePath:'/usr/bin/chromium', args:['--no-sandbox']});
  const pg = await b.newPage();
  await pg.setViewport({width:1280, height:900});
  await pg.goto(base + '/console', {waitUntil:'domcontentloaded'});
  await pg.waitForSelector('input'); await pg.type('input', tok); await pg.keyboard.press('Enter');
  await pg.waitForSelector('[data-testid=approval-card]'); await new Promise(r=>setTimeout(r,1500));
  const cards = await pg.$$('[data-testid=approval-card]');
  const res=[]; let ref=null; const shots={};
  for (const c of cards) {
    const info = await c.evaluate(el => {
      const rid = [...el.querySelectorAll('dd .mono .mono')].map(x=>x.textContent)[0];
      const rows=[...el.querySelectorAll('[data-testid=param-row]')].map(r=>({k:r.querySelector('[data-testid=param-key]').textContent,
         v:r.querySelector('[data-testid=param-value]').innerText, hidden:[...r.querySelectorAll('[data-hidden]')].map(x=>x.getAttribute('data-hidden')).join(','), type:r.querySelector('.type')?.textContent}));
      const warn=[...el.querySelectorAll('.warn')].filter(x=>!x.hidden).map(x=>x.textContent);
      return {rid, rows, warn};
    });
    const payeeEl = await c.$('[data-testid=param-row]:nth-child(2) [data-testid=param-value]');
    let shot=null; if (payeeEl) { shot = await payeeEl.screenshot({encoding:'base64'}); }
    info.shot=shot;
    await c.screenshot({path:`/tmp/attack33/card_${info.rid}.png`});
    res.push(info);
  }
  const refc = res.find(r=>r.rid==='c-label'); 
  for (const r of res) { r.sameAsRef = r.shot===refc.shot; delete r.shot; console.log(JSON.stringify(r)); }
  await b.close();
})();
