const fs=require('fs'); const src=fs.readFileSync(process.argv[2],'utf8');
const m=src.match(/const HIDDEN = (\/.*\/gu);/); const HIDDEN=eval(m[1]);
// Unicode Default_Ignorable_Code_Point and general category Cf/Cc
const di=/\p{Default_Ignorable_Code_Point}/u, cf=/[\p{Cf}\p{Cc}]/u;
const miss=[];
for(let cp=0;cp<=0x10FFFF;cp++){ if(cp>=0xD800&&cp<=0xDFFF) continue; const ch=String.fromCodePoint(cp);
  if((di.test(ch)||cf.test(ch)) && !ch.match(new RegExp(HIDDEN.source,'u'))) miss.push(cp);}
const ranges=[];for(const c of miss){const r=ranges[ranges.length-1]; if(r&&r[1]===c-1) r[1]=c; else ranges.push([c,c]);}
console.log(ranges.map(([a,b])=>a===b?a.toString(16):a.toString(16)+'-'+b.toString(16)).join(' '));
