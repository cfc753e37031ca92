"""The LaTeX renderer: an article-class document with standard packages."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from edge.document.document import Cell, Columns, Items, Paragraph, Preformatted, Table
from edge.document.layout import _headings, _numeric_columns, _text
from edge.document.render_plain import tabulate_table

if TYPE_CHECKING:
    from edge.document.document import Block, CellLike, Document, Report

_TEX_CHARS = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
              "_": r"\_", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}",
              "^": r"\textasciicircum{}", "<": r"\textless{}", ">": r"\textgreater{}"}
_ASCII = {"\u00d7": "x", "\u2264": "<=", "\u2265": ">=", "\u2014": "--", "\u2013": "-",
          "\u2026": "...", "\u00b1": "+-", "\u2212": "-", "\u2660": "s", "\u2665": "h",
          "\u2666": "d", "\u2663": "c", "\u2192": "->", "\u2605": "*", "\u00a0": " "}


def _ascii(text: str) -> str:
    return "".join(_ASCII.get(char, char) for char in text)


def tex_escape(text: str) -> str:
    """Text made safe for LaTeX (special characters escaped, a few symbols spelled out)."""
    return "".join(_TEX_CHARS.get(char, char) for char in _ascii(text))


def _tex_cell(cell: CellLike) -> str:
    text = tex_escape(_text(cell))
    if isinstance(cell, Cell):
        if cell.kind == "exact":
            text = re.sub(r"(/|\d{12})", r"\1\\allowbreak{}", text)
        if cell.kind in ("flag", "strong") and text:
            text = f"\\textbf{{{text}}}"
        if cell.colour:
            text = f"\\cellcolor[HTML]{{{cell.colour.lstrip('#').upper()}}}{text}"
    return text


def _tex_table(table: Table) -> str:
    numeric = _numeric_columns(table)
    spec = ""
    for index, num in enumerate(numeric):
        cells = [row[index] for row in table.rows if index < len(row)]
        if any(isinstance(c, Cell) and c.kind == "exact" for c in cells):
            spec += r">{\raggedleft\arraybackslash}p{4.2cm}"
        elif not num and max((len(_text(c)) for c in cells), default=0) > 40:
            spec += r">{\raggedright\arraybackslash}p{5.5cm}"
        else:
            spec += "r" if num else "l"
    lines = [r"\begingroup\footnotesize"]
    if table.caption:
        lines.append(f"\\par\\textbf{{{tex_escape(table.caption)}}}\\par\\nopagebreak")
    lines.append(f"\\begin{{longtable}}{{{spec}}}")
    head = " & ".join(f"\\textbf{{{tex_escape(h)}}}" for h in table.headers) + r" \\"
    lines += [r"\toprule", head, r"\midrule", r"\endhead"]
    split = len(table.rows) - table.footer
    for index, row in enumerate(table.rows):
        if index == split:
            lines.append(r"\midrule")
        lines.append(" & ".join(_tex_cell(c) for c in row) + r" \\")
    lines += [r"\bottomrule", r"\end{longtable}", r"\endgroup"]
    if table.legend:
        lines.append("Colours: " + "; ".join(
            f"\\colorbox[HTML]{{{colour.lstrip('#').upper()}}}{{\\strut}} {tex_escape(meaning)}"
            for colour, meaning in table.legend) + ".\n")
    return "\n".join(lines)


def _tex_block(block: Block) -> str:
    if isinstance(block, Paragraph):
        text = tex_escape(block.text)
        return f"\\emph{{{text}}}" if block.kind in ("note", "meta") else text
    if isinstance(block, Items):
        items = [f"\\item \\textbf{{{tex_escape(item[0])}}}: {tex_escape(item[1])}"
                 if isinstance(item, tuple) else f"\\item {tex_escape(item)}"
                 for item in block.items]
        return "\\begin{itemize}\n" + "\n".join(items) + "\n\\end{itemize}"
    if isinstance(block, Table):
        return _tex_table(block)
    if isinstance(block, Preformatted) and block.wrap:
        return f"\\texttt{{{tex_escape(block.text)}}}"
    if isinstance(block, Preformatted):
        text = _ascii(block.text).replace("\\end{verbatim}", "\\end {verbatim}")
        return f"{{\\scriptsize\n\\begin{{verbatim}}\n{text.rstrip()}\n\\end{{verbatim}}\n}}"
    if isinstance(block, Columns):
        return "\n\n".join(_tex_block(inner) for inner in block.blocks)
    return "\n\n".join(_tex_block(inner) for inner in block.fallback)


_TEX_LEVELS = {2: "section", 3: "subsection", 4: "subsubsection", 5: "paragraph"}
TEX_PREAMBLE = r"""\documentclass[10pt,a4paper]{article}
\usepackage[T1]{fontenc}
\usepackage[utf8]{inputenc}
\usepackage{lmodern}
\usepackage[margin=18mm]{geometry}
\usepackage{array,longtable,booktabs}
\usepackage[table]{xcolor}
\usepackage[hidelinks]{hyperref}
\setlength{\LTleft}{0pt}
\setlength{\parindent}{0pt}
\setlength{\parskip}{0.5em}
"""


def _render_tex(report: Report) -> str:
    out = [TEX_PREAMBLE.rstrip(), r"\begin{document}", r"\raggedright", r"\begin{center}",
           f"{{\\LARGE {tex_escape(report.title)}}}\\par\\medskip",
           *(f"{{\\small {tex_escape(line)}}}\\par" for line in report.subtitle),
           r"\end{center}", r"\tableofcontents"]
    for head in _headings(report.sections):
        section = head.section
        if section.page_break and head.level <= 3:
            out.append(r"\clearpage")
        command = _TEX_LEVELS.get(head.level, "paragraph")
        out.append(f"\\{command}*{{{tex_escape(head.text)}}}")
        out.append(f"\\addcontentsline{{toc}}{{{command}}}{{{tex_escape(head.text)}}}")
        for block in section.blocks:
            text = _tex_block(block)
            if text:
                out += [text, ""]
    out.append(r"\end{document}")
    return "\n".join(out) + "\n"




def _comment(text: str) -> str:
    return "\n".join(f"% {line}" for line in text.splitlines() or [""])


def _tex_fragment_block(block: Block) -> list[str]:
    if isinstance(block, Paragraph):
        return [_comment(block.text)]
    if isinstance(block, Items):
        return [_comment(f"{item[0]}: {item[1]}" if isinstance(item, tuple) else item)
                for item in block.items]
    if isinstance(block, Table):
        caption = [_comment(block.caption)] if block.caption else []
        return caption + [tabulate_table(block, "latex")]
    if isinstance(block, Preformatted):
        text = _ascii(block.text).replace("\\end{verbatim}", "\\end {verbatim}")
        return [f"\\begin{{verbatim}}\n{text.rstrip()}\n\\end{{verbatim}}"]
    inner = block.blocks if isinstance(block, Columns) else block.fallback
    return [line for part in inner for line in _tex_fragment_block(part)]


def _render_tex_document(document: Document) -> str:
    """A command's output as LaTeX to ``\\input``: tabulars, with the title, lists and notes
    in comments; a blank line stacks two tabulars instead of setting them side by side."""
    out = [_comment(document.title)] if document.title else []
    previous: Block | None = None
    for block in document.blocks:
        if isinstance(block, Table) and isinstance(previous, Table):
            out.append("")
        out += _tex_fragment_block(block)
        previous = block
    return "\n".join(out) + "\n"
