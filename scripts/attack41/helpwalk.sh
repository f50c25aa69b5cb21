#!/bin/bash
# walk --help recursively, print command paths
B=/work/attack41/foureyes
walk(){ local path="$*"; local subs; subs=$($B $path --help 2>/dev/null | awk '/^Commands:/{f=1;next} /^$/{f=0} f&&/^  [a-z]/{print $1}' | grep -v '^help$'); echo "$path"; for s in $subs; do walk $path $s; done; }
walk
