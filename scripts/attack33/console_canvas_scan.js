const p = require('puppeteer-core'); const fs=require('fs');
(async () => {
  const [base, tok] = process.argv.slice(2);
  const b = await p.launch({executablePath:'/usr/bin/chromium', args:['--no-sandbox']});
  const pg = await b.newPage();
  await pg.goto(base + '/console', {waitUntil:'domcontentloaded'});
  await pg.waitForSelector('input'); await pg.type('input', tok); await pg.keyboard.press('Enter');
  await pg.waitForSelector('[data-testid=param-value] .val'); 
  const r = await pg.evaluate(() => {
    const v=document.querySelector('[data-testid=param-value] .val'); const cs=getComputedStyle(v);
    const font = cs.fontStyle+' '+cs.fontWeight+' '+cs.fontSize+' '+cs.fontFamily;
    const H=/[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Zs}\p{Co}\u2800]/u;
    const c=document.createElement('canvas'); c.width=400; c.height=60; const x=c.getContext('2d',{willReadFrequently:true});
    function img(s){x.clearRect(0,0,400,60); x.font=font; x.fillStyle='#000'; x.fillText(s,10,40); return x.getImageData(0,0,400,60).data;}
    const ref=img('ACME Ltd'); const hits=[];
    function eq(a){ for(let i=3;i<a.length;i+=4) if(a[i]!==ref[i]) return false; return true; }
    for (let cp=0x80; cp<0x20000; cp++){
      if (cp>=0xD800&&cp<=0xDFFF) continue;
      const ch=String.fromCodePoint(cp); if (H.test(ch)) continue;
      if (eq(img('ACME'+ch+' Ltd'))) hits.push(cp);
    }
    return {font, hits};
  });
  console.log(r.font, r.hits.length);
  fs.writeFileSync('/tmp/attack33/scan_hits.json', JSON.stringify(r.hits));
  await b.close();
})();
