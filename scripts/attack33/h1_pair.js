const p = require(process.env.NODE_PATH ? process.env.NODE_PATH + '/puppeteer-core' : 'puppeteer-core');
(async () => {
  const [base, tok, a, bb] = process.argv.slice(2);
  const b = await p.launch({executablePath:'/usr/bin/chromium', args:['--no-sandbox']});
  const pg = await b.newPage(); await pg.setViewport({width:1280, height:900});
  await pg.goto(base + '/console', {waitUntil:'domcontentloaded'});
  await pg.waitForSelector('input'); await pg.type('input', tok); await pg.keyboard.press('Enter');
  await pg.waitForSelector('[data-testid=approval-card]'); await new Promise(r=>setTimeout(r,1000));
  const out=[];
  for (const id of [a,bb]) {
    const v = await pg.$(`[data-approval-id="${id}"] [data-testid=param-row]:nth-child(2) [data-testid=param-value]`);
    await v.scrollIntoView(); await new Promise(r=>setTimeout(r,300));
    await pg.evaluate(()=>{}); 
    out.push(await v.screenshot({encoding:'base64', path:`/tmp/attack33/h1_val_${id}.png`}));
    const c = await pg.$(`[data-approval-id="${id}"]`); await c.screenshot({path:`/tmp/attack33/h1_ap_${id}.png`});
    console.log(id, await v.evaluate(e=>[...e.textContent].map(c=>c.codePointAt(0).toString(16)).join(' ')), await pg.$eval(`[data-approval-id="${id}"]`, e=>[...e.querySelectorAll('.warn')].filter(x=>!x.hidden).length));
  }
  console.log('value cell pixel-identical:', out[0]===out[1]);
  await b.close();
})();
