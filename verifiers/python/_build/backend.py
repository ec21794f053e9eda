"""PEP 517 build backend, in-tree and dependency-free, so that
`pip install ./verifiers/python` works offline (build isolation needs no
package from an index): it writes the pure-Python wheel itself from
pyproject.toml's [project] table: the package, METADATA, WHEEL,
entry_points.txt and RECORD."""

import ast
import base64
import hashlib
import os
import re
import zipfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def get_requires_for_build_wheel(config_settings=None):
    return []


def _project():
    path = os.path.join(HERE, "pyproject.toml")
    try:
        import tomllib  # Python 3.11+
    except ImportError:
        tomllib = None
    if tomllib is not None:
        with open(path, "rb") as f:
            data = tomllib.load(f)
        project = dict(data["project"])
        return project
    # Older Pythons: this file's own simple forms (strings, lists of strings,
    # the scripts table) read line by line.
    project, section = {"scripts": {}}, None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line.startswith("["):
                section = line.strip("[]")
                continue
            m = re.match(r'^([A-Za-z0-9_.-]+)\s*=\s*(.+)$', line)
            if not m or section not in ("project", "project.scripts"):
                continue
            key, value = m.group(1), m.group(2)
            if value.startswith("{"):
                inner = re.search(r'text\s*=\s*"([^"]*)"', value)
                parsed = {"text": inner.group(1)} if inner else {}
            else:
                parsed = ast.literal_eval(value)
            if section == "project":
                project[key] = parsed
            else:
                project["scripts"][key] = parsed
    return project


def _dist_info_files(p):
    name = p["name"].replace("-", "_")
    meta = ["Metadata-Version: 2.1", f"Name: {p['name']}", f"Version: {p['version']}",
            f"Summary: {p.get('description', '')}", f"License: {p.get('license', {}).get('text', '')}",
            f"Requires-Python: {p['requires-python']}"]
    meta += [f"Requires-Dist: {d}" for d in p.get("dependencies", [])]
    body = ""
    if p.get("readme"):
        meta.append("Description-Content-Type: text/markdown")
        with open(os.path.join(HERE, p["readme"]), encoding="utf-8") as f:
            body = "\n" + f.read()
    scripts = "".join(f"{k} = {v}\n" for k, v in p.get("scripts", {}).items())
    dist_info = f"{name}-{p['version']}.dist-info"
    return dist_info, {
        "METADATA": "\n".join(meta) + "\n" + body,
        "WHEEL": "Wheel-Version: 1.0\nGenerator: decision-trail _build/backend.py\n"
                 "Root-Is-Purelib: true\nTag: py3-none-any\n",
        "entry_points.txt": f"[console_scripts]\n{scripts}" if scripts else "",
    }


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    dist_info, files = _dist_info_files(_project())
    os.makedirs(os.path.join(metadata_directory, dist_info), exist_ok=True)
    for fname, text in files.items():
        with open(os.path.join(metadata_directory, dist_info, fname), "w", encoding="utf-8") as f:
            f.write(text)
    return dist_info


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    p = _project()
    dist_info, files = _dist_info_files(p)
    entries = {}
    src = os.path.join(HERE, "src")
    for root, dirs, names in os.walk(src):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.endswith(".egg-info"))
        for n in sorted(names):
            if n.endswith(".py"):
                path = os.path.join(root, n)
                with open(path, "rb") as f:
                    entries[os.path.relpath(path, src).replace(os.sep, "/")] = f.read()
    for fname, text in files.items():
        entries[f"{dist_info}/{fname}"] = text.encode("utf-8")
    record = []
    for arc, data in entries.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{arc},sha256={digest},{len(data)}")
    record.append(f"{dist_info}/RECORD,,")
    entries[f"{dist_info}/RECORD"] = ("\n".join(record) + "\n").encode("utf-8")
    wheel_name = f"{p['name'].replace('-', '_')}-{p['version']}-py3-none-any.whl"
    with zipfile.ZipFile(os.path.join(wheel_directory, wheel_name), "w", zipfile.ZIP_DEFLATED) as z:
        for arc, data in entries.items():
            z.writestr(arc, data)
    return wheel_name
