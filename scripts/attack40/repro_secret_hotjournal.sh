#!/bin/bash
# another FourEyes database's hot rollback journal planted as A.db-journal: every journal door refuses, `secret list` rolls it back into A
cd /tmp/attack40; F=${F:-foureyes}; D=repro_hj; rm -rf $D; mkdir $D
$(dirname "$0")/mkbase.sh $D/A.db; $(dirname "$0")/mkbase.sh $D/B.db; $F secret new-key > $D/sk
python3 $(dirname "$0")/hotjournal.py $D/B.db $D/hot.journal
cp $D/hot.journal $D/A.db-journal
echo "before: A seq1=$(sqlite3 "file:$D/A.db?immutable=1" 'select substr(hash,1,12) from journal where seq=1') B seq1=$(sqlite3 "file:$D/B.db?immutable=1" 'select substr(hash,1,12) from journal where seq=1') sha=$(sha256sum $D/A.db|cut -c1-12)"
$F --db $D/A.db journal verify 2>&1 | cut -c1-200; echo "verify rc=$?"
$F --db $D/A.db secret list --secrets-key-file $D/sk; echo "secret list rc=$?"
echo "after:  A seq1=$(sqlite3 "file:$D/A.db?immutable=1" 'select substr(hash,1,12) from journal where seq=1') sha=$(sha256sum $D/A.db|cut -c1-12) files: $(ls $D | tr '\n' ' ')"
$F --db $D/A.db journal verify | head -1; $F --db $D/A.db journal audit | head -2
