"""The README's editor and language-server snippets, each fenced after a
`<!-- snippet: NAME -->` marker, for the tests that run them as written."""
import re
import sys


def snippet(text, name, where="README.md"):
    """The body of the snippet NAME in TEXT; exits naming WHERE if absent."""
    m = re.search(r"<!-- snippet: %s -->\n```\w*\n(.*?)\n```" % re.escape(name),
                  text, re.S)
    if not m:
        sys.exit("FAIL: no snippet '%s' in %s" % (name, where))
    return m.group(1)


if __name__ == "__main__":
    # readme_snippets.py README.md NAME: the snippet's body, as written.
    if len(sys.argv) != 3:
        sys.exit("usage: readme_snippets.py README.md NAME")
    with open(sys.argv[1]) as f:
        print(snippet(f.read(), sys.argv[2], sys.argv[1]))
