"""Change control: which files that run code for whoever builds/opens the workspace are applied without a person,
under the default sensitive globs? One task per path: propose, apply (the CLI executor). usage: sensitive28.py
needs: the agent's proposal (paths and content)"""
import sys, os, json, subprocess, shutil
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
paths = [".github/workflows/x.yml", "Cargo.toml", "build.rs", "Makefile",  # controls: documented as sensitive
         ".cargo/config.toml", ".cargo/config", "rust-toolchain.toml", "crates/x/build.rs", "sub/Makefile", "GNUmakefile", "makefile",
         "CMakeLists.txt", "conftest.py", "setup.py", "pyproject.toml", "setup.cfg", "tox.ini", "noxfile.py", ".npmrc", ".yarnrc.yml",
         "package-lock.json", ".gitlab-ci.yml", "Jenkinsfile", ".circleci/config.yml", ".pre-commit-config.yaml", ".envrc",
         ".git/hooks/pre-commit", ".git/config", ".gitattributes", ".gitmodules", ".vscode/tasks.json", ".vscode/settings.json",
         "Dockerfile", "justfile", "Rakefile", "build.gradle", "gradle/wrapper/gradle-wrapper.properties", "pom.xml", "go.mod",
         "sub/package.json", "x.KEY", "sub/.env.local", ".github", "Cargo.lock", ".cargo/../.github/x.yml", "./.github/y.yml", ".GitHub/workflows/z.yml"]
d = fresh("sensitive")
pol = d + "/p.yaml"; open(pol, "w").write("version: 1\nactions: {}\n")
content = d + "/c.txt"; open(content, "w").write("echo pwned\n")
res = {}
for i, p in enumerate(paths):
    ws = f"{d}/ws{i}"; os.makedirs(ws); open(ws + "/README", "w").write("x\n")
    subprocess.run(["git", "init", "-q", ws], capture_output=True)
    db = d + "/fe.db"
    c = sh(["task", "create", "--db", db, "--policy", pol, "--task", f"t{i}", "--workspace", ws, "--check", "true", "--unsandboxed-check", "--json"])
    if c.returncode: res[p] = "create rc %d %s" % (c.returncode, c.stderr.strip()[:80]); continue
    pr = sh(["task", "propose", "--db", db, "--policy", pol, "--task", f"t{i}", "--command-id", f"p{i}", "--expected-revision", "0", "--path", p, "--content-file", content, "--json"])
    if pr.returncode: res[p] = "propose refused: " + (pr.stdout + pr.stderr).strip().replace("\n", " ")[:110]; continue
    ap = sh(["task", "apply", "--db", db, "--policy", pol, "--task", f"t{i}", "--command-id", f"a{i}", "--expected-revision", "1", "--json"])
    out = (ap.stdout + ap.stderr).replace("\n", " ")
    written = os.path.exists(os.path.join(ws, p))
    res[p] = ("AWAITS A PERSON" if "awaiting" in out or "approval" in out else ("APPLIED, no person" if written else f"apply rc {ap.returncode}: {out[:100]}"))
for p, r in res.items(): print(f"{p:42s} {r}")
