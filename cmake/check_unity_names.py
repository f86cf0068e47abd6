#!/usr/bin/env python3
"""Refuses two files of one unity-built target that give a file-local name the same spelling.

A unity build (docs/architecture.md, Build speed) compiles several .cpp files of a target as one translation unit,
so their anonymous namespaces and `static` functions become one scope. Two same-named definitions with the same
signature fail to compile, but two overloads (`money(double)` here, `money(qint64)` there) would compile, and a
call in one file could silently take the other file's function. This check reads every listed file, collects the
names declared at file scope inside anonymous namespaces or as `static`, and fails when a name is declared in two
files of the same target.

usage: check_unity_names.py TARGET FILE...        (exit 1 and one line per clash when names clash)
       check_unity_names.py --groups N TARGET FILE... (prints "GROUP<TAB>FILE": batches of at most N files that
                                                      clash in nothing and use the same using-directives)
"""

import re
import sys

TOKEN = re.compile(
    r"""
    (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<string>R"(?P<delim>[^(\s]*)\(.*?\)(?P=delim)"|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')
  | (?P<pp>^[ \t]*\#(?:\\\n|[^\n])*)
  | (?P<ident>[A-Za-z_]\w*)
  | (?P<punct>::|[{}()\[\];=,<>:&*~])
  | (?P<other>\S)
    """,
    re.VERBOSE | re.DOTALL | re.MULTILINE,
)

KEYWORDS = {
    "const", "constexpr", "static", "inline", "struct", "class", "enum", "union", "using", "namespace", "template",
    "typename", "auto", "void", "bool", "int", "double", "float", "char", "long", "short", "unsigned", "signed",
    "operator", "return", "if", "for", "while", "switch", "case", "default", "do", "else", "typedef", "extern",
    "thread_local", "mutable", "volatile", "noexcept", "override", "final", "explicit", "friend", "virtual",
    "decltype", "sizeof", "alignof", "alignas", "static_assert", "true", "false", "nullptr", "this", "new", "delete",
    "public", "private", "protected", "consteval", "constinit", "requires", "concept",
}


def tokens(text):
    for m in TOKEN.finditer(text):
        kind = m.lastgroup
        if kind in ("comment", "pp"):
            continue
        if kind == "delim":
            kind = "string"
        yield kind, m.group(0)


def declared_name(statement):
    """The name a file-scope declaration (its tokens up to `;` or its body's `{`) introduces, or None."""
    words = [t for k, t in statement]
    if not words or words[0] in ("using",) and "namespace" in words[:2]:
        return None
    if words[0] == "template":
        # Skip the template's parameter list.
        depth = 0
        for i, w in enumerate(words):
            if w == "<":
                depth += 1
            elif w == ">":
                depth -= 1
                if depth == 0:
                    words = words[i + 1:]
                    break
    if not words:
        return None
    if words[0] == "using":
        # An alias names a new type; `using ns::name;` brings one entity in: the same declaration in two files is
        # no clash ("using:ns::name" is compared whole).
        if len(words) > 2 and words[2] == "=":
            return words[1]
        return "using:" + "".join(words[1:]) if words[1:2] != ["namespace"] else None
    for i, w in enumerate(words[:-1]):
        if w in ("struct", "class", "union") and re.match(r"[A-Za-z_]\w*$", words[i + 1]):
            return words[i + 1]
        if w == "enum":
            rest = [x for x in words[i + 1:] if x not in ("class", "struct")]
            return rest[0] if rest and re.match(r"[A-Za-z_]\w*$", rest[0]) else None
    if "operator" in words:
        return None
    # A function: the identifier before the first '(' at the outermost level; a variable: the one before '=', '{',
    # '[' or the end.
    depth = 0
    for i, w in enumerate(words):
        if w == "<":
            depth += 1
        elif w == ">":
            depth = max(0, depth - 1)
        elif depth == 0 and w in ("(", "=", "[", "{"):
            name = words[i - 1] if i > 0 else None
            return name if name and re.match(r"[A-Za-z_]\w*$", name) and name not in KEYWORDS else None
    last = words[-1]
    return last if re.match(r"[A-Za-z_]\w*$", last) and last not in KEYWORDS else None


def qualified(statement, name):
    """Whether `name` is written as X::name in the statement (a member or another namespace's entity)."""
    words = [t for k, t in statement]
    for i, w in enumerate(words):
        if w == name and i > 0 and words[i - 1] == "::":
            return True
    return False


def file_names(path):
    """(file-local, external): the names declared at the file scope of anonymous namespaces or `static` at
    namespace scope, and the unqualified names a file declares at a named namespace's scope."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    names = set()
    external = set()
    # Each open brace's kind: 'anon' (anonymous namespace), 'ns' (named namespace), 'enum' (an unscoped enum's
    # body, whose enumerators join the enclosing scope), 'body' (anything else).
    scopes = []
    statement = []
    pending_enum = None  # the scope an unscoped enum's enumerators would join

    def in_anonymous():
        return any(s == "anon" for s in scopes)

    def at_namespace_scope():
        return all(s in ("anon", "ns") for s in scopes)

    for kind, tok in tokens(text):
        if kind == "string":
            statement.append((kind, '""'))
            continue
        if tok == "{":
            words = [t for k, t in statement]
            if at_namespace_scope() and words[:1] == ["namespace"]:
                scopes.append("anon" if len(words) == 1 or words[1:] == ["inline"] else "ns")
            elif at_namespace_scope() and words and words[0] == "enum" and "class" not in words[:2] \
                    and "struct" not in words[:2]:
                if in_anonymous() or "static" in words:
                    name = declared_name(statement)
                    if name:
                        names.add(name)
                pending_enum = in_anonymous()
                scopes.append("enum")
            else:
                if at_namespace_scope() and statement:
                    name = declared_name(statement)
                    if name and (in_anonymous() or "static" in words[:3]):
                        names.add(name)
                    elif name and not qualified(statement, name) and not name.startswith("using:"):
                        external.add(name)
                scopes.append("body")
            statement = []
            continue
        if tok == "}":
            if scopes:
                popped = scopes.pop()
                if popped == "enum":
                    pending_enum = None
            statement = []
            continue
        if scopes and scopes[-1] == "enum":
            if pending_enum and kind == "ident" and (not statement or statement[-1][1] == ","):
                names.add(tok)
            statement.append((kind, tok))
            continue
        if tok == ";":
            if at_namespace_scope() and statement:
                words = [t for k, t in statement]
                if words[:2] == ["using", "namespace"]:
                    names.add("using namespace " + "".join(words[2:]))
                name = declared_name(statement)
                if name and (in_anonymous() or "static" in words[:3]):
                    names.add(name)
                elif name and not qualified(statement, name) and not name.startswith("using:") \
                        and words[:1] != ["using"]:
                    external.add(name)
            statement = []
            continue
        if at_namespace_scope():
            statement.append((kind, tok))
    return names, external


def directives_of(names):
    return frozenset(n for n in names if n.startswith("using namespace "))


def clash(a, b):
    """Whether two files' (file-local, external) names may not share one scope."""
    (local_a, external_a), (local_b, external_b) = a, b
    if directives_of(local_a) != directives_of(local_b):
        return True
    plain_a = {n for n in local_a if not n.startswith("using")}
    plain_b = {n for n in local_b if not n.startswith("using")}
    if plain_a & plain_b or plain_a & external_b or plain_b & external_a:
        return True
    # A using-declaration against the other file's own name of the same spelling.
    decl_a = {n.rsplit("::", 1)[-1]: n for n in local_a if n.startswith("using:")}
    decl_b = {n.rsplit("::", 1)[-1]: n for n in local_b if n.startswith("using:")}
    return any(k in plain_b or k in external_b or (k in decl_b and decl_b[k] != v) for k, v in decl_a.items()) or \
        any(k in plain_a or k in external_a for k in decl_b)


def groups(size, files):
    """Files in batches of at most `size` that clash with no other file of their batch (first fit, in order)."""
    declared = {path: file_names(path) for path in files}
    batches = []
    for path in files:
        for batch in batches:
            if len(batch) < size and not any(clash(declared[path], declared[other]) for other in batch):
                batch.append(path)
                break
        else:
            batches.append([path])
    return batches


def main(argv):
    if argv[:1] == ["--groups"]:
        size, target, files = int(argv[1]), argv[2], argv[3:]
        for i, batch in enumerate(groups(size, files)):
            for path in batch:
                print(f"{target}_{i}\t{path}")
        return 0
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    target, files = argv[0], argv[1:]
    seen = {}
    clashes = []
    directives = []
    declared = {path: file_names(path) for path in files}
    for path in files:
        # A file-local name against a name another file of the target declares for the whole namespace: in one
        # scope they are overloads of each other.
        for other_path, (_, external) in declared.items():
            if other_path != path:
                for name in sorted(declared[path][0] & external):
                    clashes.append((name, other_path + " (for the whole namespace)", path))
        for name in sorted(declared[path][0]):
            if name.startswith("using namespace "):
                directives.append((name, path))
                continue
            if name.startswith("using:"):
                # The same using-declaration in two files is one entity; against a file's own name it clashes.
                plain = name.rsplit("::", 1)[-1]
                other = seen.get(plain)
                if other and other[1] != name and other[0] != path:
                    clashes.append((plain, other[0], path))
                seen.setdefault(plain, (path, name))
                continue
            other = seen.get(name)
            if other and other[0] != path:
                clashes.append((name, other[0], path))
            else:
                seen.setdefault(name, (path, name))
    for directive, path in directives:
        print(f"{target}: {path} has '{directive};' at file scope; in a unity build it reaches the files compiled "
              f"after it. Put it inside the functions that need it, or name what it brings in.", file=sys.stderr)
    for name, first, second in clashes:
        print(f"{target}: '{name}' is declared file-local in {second} and also in {first}; in a unity build they share one "
              f"scope. Rename one (or move the shared helper to a header).", file=sys.stderr)
    return 1 if clashes or directives else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
