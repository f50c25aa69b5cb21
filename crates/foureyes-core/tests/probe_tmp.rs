fn show(label: &str, y: &str) {
    match foureyes_core::Policy::from_yaml("p.yaml", y) {
        Ok(p) => println!("{label}: OK {:?}", p.actions.values().map(|a| (a.tier, a.params.values().map(|p| (p.min, p.max)).collect::<Vec<_>>(), a.limits.clone(), a.dry_run)).collect::<Vec<_>>()),
        Err(e) => println!("{label}: {e}"),
    }
}
#[test]
fn probe() {
    show("tier quoted", "version: 1\nactions:\n  a.b: { tier: \"3\" }\n");
    show("version quoted", "version: \"1\"\nactions:\n  a.b: { tier: 3 }\n");
    show("count quoted", "version: 1\nactions:\n  a.b: { tier: 2, limits: [ { count: \"3\", per: 1h } ] }\n");
    show("min single quoted", "version: 1\nactions:\n  a.b: { tier: 3, params: { x: { type: number, min: '5' } } }\n");
    show("min hex", "version: 1\nactions:\n  a.b: { tier: 3, params: { x: { type: number, min: 0x10 } } }\n");
    show("min inf", "version: 1\nactions:\n  a.b: { tier: 3, params: { x: { type: number, max: .inf } } }\n");
    show("dry_run quoted", "version: 1\nactions:\n  a.b: { tier: 3, dry_run: \"true\" }\n");
    show("dry_run yes", "version: 1\nactions:\n  a.b: { tier: 3, dry_run: yes }\n");
    show("tier float", "version: 1\nactions:\n  a.b: { tier: 2.5 }\n");
    show("max_len quoted", "version: 1\nactions:\n  a.b: { tier: 3, params: { x: { type: string, max_len: \"5\" } } }\n");
    show("dup key", "version: 1\nactions:\n  a.b: { tier: 3 }\n  a.b: { tier: 0 }\n");
    show("dup field", "version: 1\nactions:\n  a.b: { tier: 3, tier: 0 }\n");
}
