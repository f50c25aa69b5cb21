#!/bin/bash
# A = FourEyes db, B's -wal planted beside it; `secret list` / `secret set` checkpoint B's log into A
set -u; cd /tmp/attack40; F=${F:-foureyes}; D=repro_sw; rm -rf $D; mkdir $D
$(dirname "$0")/mkbase.sh $D/A.db; $(dirname "$0")/mkbase.sh $D/B0.db
python3 $(dirname "$0")/walbase.py $D/B0.db $D/B.db        # B.db-wal: B's committed frames
$F secret new-key > $D/sk
for door in list set; do
  rm -f $D/x.db*; cp $D/A.db $D/x.db; cp $D/B.db-wal $D/x.db-wal
  echo "--- secret $door: before: $(sha256sum $D/x.db|cut -c1-12) seq1=$(sqlite3 "file:$D/x.db?immutable=1" 'select substr(hash,1,12) from journal where seq=1') $(ls $D | grep '^x' | tr '\n' ' ')"
  if [ $door = list ]; then $F --db $D/x.db secret list --secrets-key-file $D/sk; else echo -n v | $F --db $D/x.db secret set pw --as op --secrets-key-file $D/sk; fi; echo "rc=$?"
  echo "    after: $(sha256sum $D/x.db|cut -c1-12) seq1=$(sqlite3 "file:$D/x.db?immutable=1" 'select substr(hash,1,12) from journal where seq=1') $(ls $D | grep '^x' | tr '\n' ' ')"
  $F --db $D/x.db journal verify | head -1
done
echo "A seq1=$(sqlite3 "file:$D/A.db?immutable=1" 'select substr(hash,1,12) from journal where seq=1')  B seq1=$(sqlite3 "file:$D/B0.db?immutable=1" 'select substr(hash,1,12) from journal where seq=1')"
