const p = require('puppeteer-core'); const fs=require('fs');
(async () => {
  const [base, tok] = process.argv.slice(2);
  const b = await p.launch({executablePath:'/usr/bin/chromium', args:['--no-sandbox']});
  const pg = await b.newPage(); await pg.setViewport({width:1300, height:4400});
  await pg.goto(base + '/console', {waitUntil:'domcontentloaded'});
  await pg.waitForSelector('input'); await pg.type('input', tok); await pg.keyboard.press('Enter');
  await pg.waitForSelector('[data-testid=param-value] .val');
  const cands = await pg.evaluate(() => { const H=/[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Zs}\p{Co}\u2800]/u; const out=[];
    for (let cp=0x80; cp<0x20000; cp++){ if (cp>=0xD800&&cp<=0xDFFF) continue; const ch=String.fromCodePoint(cp); if(!H.test(ch)) out.push(cp);} return out; });
  console.log('candidates', cands.length);
  await pg.evaluate(() => { const v=document.querySelector('[data-testid=param-value]'); const cs=getComputedStyle(v.querySelector('.val'));
    const g=document.createElement('div'); g.id='grid'; g.style=`position:fixed;left:0;top:0;width:1300px;height:4400px;background:#fff;z-index:999999;font:${cs.font};color:${cs.color};white-space:${cs.whiteSpace}`; document.body.appendChild(g);});
  const PER=10*200; const hits=[];
  for (let off=0; off<cands.length; off+=PER-1) {
    const chunk=cands.slice(off, off+PER-1);
    await pg.evaluate((chunk)=>{ const g=document.getElementById('grid'); let h='';
      const cell=(s,i)=>`<div style="position:absolute;left:${(i%10)*130}px;top:${Math.floor(i/10)*22}px;width:130px;height:22px;overflow:hidden"><span class="val">${s}</span></div>`;
      h+=cell('ACME Ltd',0); chunk.forEach((cp,i)=>{ h+=cell('ACME'+String.fromCodePoint(cp).replace('&','&amp;').replace('<','&lt;')+'Ltd', i+1); }); g.innerHTML=h; }, chunk);
    const shot = await pg.screenshot({encoding:'base64', clip:{x:0,y:0,width:1300,height:4400}});
    const png=require('pngjs').PNG.sync.read(Buffer.from(shot,'base64')); const W=png.width;
    const cellSame=(i)=>{ const x0=(i%10)*130, y0=Math.floor(i/10)*22; for(let y=0;y<22;y++) for(let x=0;x<130;x++){ const a=((y0+y)*W+x0+x)*4, r=(y*W+x)*4; for(let k=0;k<3;k++) if(png.data[a+k]!==png.data[r+k]) return false; } return true; };
    const eq=[]; for (let i=1;i<=chunk.length;i++) if(cellSame(i)) eq.push(i-1);
    for (const i of eq) hits.push(chunk[i]);
  }
  fs.writeFileSync('/tmp/attack33/domscan_hits.json', JSON.stringify(hits)); console.log('hits', hits.length);
  await b.close();
})();
