"""The LaTeX renderer: an article-class document with standard packages."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from edge.document.document import Cell, Chart, Columns, Items, Paragraph, Preformatted, Table
from edge.document.layout import cell_text, numbered_headings, numeric_columns
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
    """Text made safe for LaTeX (special characters escaped, a few symbols spelled out, ± as
    the math sign, `code` in typewriter type and no backtick printed); a hyphen before a
    hyphen is kept apart (``--set`` is not typeset as a dash), and a minus sign stays with its
    number (no line break after it)."""
    # ± (or its ASCII spelling, " +- ") as the math sign
    text = _ascii(text.replace("\u2014", "\0").replace("\u00b1", "\1").replace(" +- ", " \1 "))
    escaped = "".join("-{}" if char == "-" and text[index + 1:index + 2] == "-"
                      else r"\mbox{-}" if char == "-" and text[index + 1:index + 2].isdigit()
                      else _TEX_CHARS.get(char, char) for index, char in enumerate(text))
    # `code` in typewriter type; a backtick left alone is dropped, never printed
    escaped = re.sub(r"`([^`]+)`", r"\\texttt{\1}", escaped).replace("`", "")
    return escaped.replace("\0", "---").replace("\1", r"\ensuremath{\pm}")


def tex_command_lines(text: str) -> str:
    """Commands and digests: one paragraph each in typewriter type, a long one wrapped at its
    spaces under a hanging indent (never inside a word, never a hyphen made a dash)."""
    lines = [f"\\noindent\\hangindent=2em\\hangafter=1{{}}\\texttt{{{tex_escape(line)}}}\\par"
             for line in text.rstrip("\n").split("\n")]
    return "{\\footnotesize\\raggedright\n" + "\n".join(lines) + "\n}"


# typewriter characters a line holds at each size (A4, 18 mm margins: 174 mm of text)
_VERBATIM_SIZES = ((117, "footnotesize"), (134, "scriptsize"), (188, "tiny"))


def tex_verbatim(text: str) -> str:
    """A printout in a verbatim environment, at the largest size its widest line fits; a line
    wider still is cut into pieces, each continued on the next line after a ``\\``."""
    text = _ascii(text).replace("\\end{verbatim}", "\\end {verbatim}").rstrip()
    widest = max((len(line) for line in text.split("\n")), default=0)
    size = next((name for columns, name in _VERBATIM_SIZES if widest <= columns), "tiny")
    limit = _VERBATIM_SIZES[-1][0]
    lines = []
    for line in text.split("\n"):
        while len(line) > limit:
            lines.append(line[:limit - 1] + "\\")
            line = "  " + line[limit - 1:]
        lines.append(line)
    body = "\n".join(lines)
    return f"{{\\{size}\n\\begin{{verbatim}}\n{body}\n\\end{{verbatim}}\n}}"


def _tex_cell(cell: CellLike) -> str:
    text = tex_escape(cell_text(cell))
    if isinstance(cell, Cell):
        if cell.kind == "exact":
            # a fraction breaks after its slash and nowhere else (never inside its digits)
            text = text.replace("/", "/\\allowbreak{}")
        if cell.kind in ("flag", "strong") and text:
            text = f"\\textbf{{{text}}}"
        if cell.colour:
            text = f"\\cellcolor[HTML]{{{cell.colour.lstrip('#').upper()}}}{text}"
    return text


# characters of small type a line of text holds (A4, 18 mm margins)
_TABLE_COLUMNS = 130
# characters of footnote type in 4.2 cm, the widest an exact column is set
_EXACT_WIDTH = 28


def _chars(text: str) -> float:
    """The width of ``text`` in average characters of text: a digit, a capital or an
    underscore is a fifth wider than a lower-case letter."""
    return sum(1.2 if char.isdigit() or char.isupper() or char == "_" else 1.0
               for char in text)


def _unbreakable(text: str, exact: bool) -> float:
    """The widest piece of a cell that a line cannot break inside: a word, or of an exact
    fraction its numerator with the slash or its denominator."""
    pieces = text.replace("/", "/ ").split() if exact else text.split()
    return max([_chars(piece) for piece in pieces] or [0.0])


def _column_specs(table: Table, numeric: list[bool]) -> tuple[str, bool]:
    """The longtable column spec, and whether the table is set in small type: a table wider
    than the page gets paragraph columns sized by their contents that add up to the line;
    every column is at least as wide as its longest word (an option's name, a fraction's
    numerator or denominator), so nothing runs into the next column."""
    columns = [[cell_text(row[i]) for row in table.rows if i < len(row)]
               for i in range(len(numeric))]
    exact = [any(isinstance(cell, Cell) and cell.kind == "exact"
                 for cell in (row[i] for row in table.rows if i < len(row)))
             for i in range(len(numeric))]
    longest = [max([_chars(t) for t in cells] or [0.0]) for cells in columns]
    # a heading breaks at a space or after a hyphen before a letter (tex_escape keeps a
    # hyphen before a digit with it): its widest piece is what its column must hold
    heads = [max([_chars(word) for word in re.split(r"\s+|(?<=-)(?=[^\d\s-])", head) if word]
                 or [0.0]) for head in table.headers]
    # a heading is set in bold (a quarter wider), an exact column at most _EXACT_WIDTH wide
    natural = sum(max(min(n, _EXACT_WIDTH) if e else n, 1.25 * len(h)) + 2
                  for n, h, e in zip(longest, table.headers, exact, strict=True))
    # the widest piece of each column a line cannot break inside
    words = [max([_unbreakable(t, e) for t in cells] or [0.0])
             for cells, e in zip(columns, exact, strict=True)]
    if natural > _TABLE_COLUMNS:
        # each column gets its longest word (or heading word) first, then a share of what
        # is left, up to its longest cell; widths in characters of small type
        least = [max(1.25 * h + 1, w + 1.5, 4) for h, w in zip(heads, words, strict=True)]
        upper = [max(min(n, 28 if e else 22 if num else 45), low) for n, e, num, low in
                 zip(longest, exact, numeric, least, strict=True)]
        room = _TABLE_COLUMNS - sum(least)
        extra = sum(m - low for m, low in zip(upper, least, strict=True))
        wants = [low + (m - low) * min(1.0, max(room, 0) / extra) if extra else low
                 for m, low in zip(upper, least, strict=True)]
        # the columns fill the line (less their padding), in proportion to what each wants
        share = 1 - 0.013 * len(wants)
        return "".join(
            f">{{\\{'raggedleft' if num else 'raggedright'}\\arraybackslash}}"
            f"p{{{share * want / sum(wants):.3f}\\linewidth}}"
            for want, num in zip(wants, numeric, strict=True)), True
    spec = ""
    for num, most, word, is_exact in zip(numeric, longest, words, exact, strict=True):
        if is_exact:
            # as wide as its longest fraction, up to 4.2 cm (a longer one breaks at its /),
            # and never narrower than its numerator or denominator
            fit = max(min(4.2, 0.16 * max(most, 4) + 0.2), 0.16 * word + 0.2)
            spec += f">{{\\raggedleft\\arraybackslash}}p{{{fit:.1f}cm}}"
        elif not num and most > 40:
            spec += r">{\raggedright\arraybackslash}p{5.5cm}"
        else:
            spec += "r" if num else "l"
    return spec, natural > 100


def _tex_table(table: Table) -> str:
    numeric = numeric_columns(table)
    spec, small = _column_specs(table, numeric)
    lines = [r"\begingroup\scriptsize\setlength{\tabcolsep}{3pt}" if small
             else r"\begingroup\footnotesize"]
    if table.caption:
        # a caption never ends a page: it starts the next unless its first rows fit here
        lines.append(f"\\edgekeep{{{min(len(table.rows), 4) + 4}\\baselineskip}}")
        lines.append(f"\\par\\textbf{{{tex_escape(table.caption)}}}\\par\\nopagebreak")
    lines.append(f"\\begin{{longtable}}{{{spec}}}")
    head = " & ".join(f"\\textbf{{{tex_escape(h)}}}" for h in table.headers) + r" \\"
    lines += [r"\toprule", head, r"\midrule", r"\endhead"]
    split = len(table.rows) - table.footer
    for index, row in enumerate(table.rows):
        if index == split:
            lines.append(r"\midrule")
        # no page break after the first row, nor among the last two rows and the totals
        # (a page never holds a lone total row)
        keep = index == 0 or split - 2 <= index < len(table.rows) - 1
        lines.append(" & ".join(_tex_cell(c) for c in row) + (r" \\*" if keep else r" \\"))
    lines += [r"\bottomrule", r"\end{longtable}", r"\endgroup"]
    if table.legend:
        # each swatch framed, so a pale colour shows on the white page
        lines.append("Key: " + "; ".join(
            f"\\fcolorbox[HTML]{{808080}}{{{colour.lstrip('#').upper()}}}"
            f"{{\\rule{{0pt}}{{1.6ex}}\\hspace{{1em}}}} {tex_escape(meaning)}"
            for colour, meaning in table.legend) + ".\n")
    return "\n".join(lines)


def _tex_block(block: Block, charts: Callable[[Chart], str] | None = None) -> str:
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
        return tex_command_lines(block.text)
    if isinstance(block, Preformatted):
        return tex_verbatim(block.text)
    if isinstance(block, Columns):
        return "\n\n".join(_tex_block(inner, charts) for inner in block.blocks)
    if charts is not None:
        name = charts(block)
        size = r"width=\linewidth,height=0.62\textheight,keepaspectratio"
        return (r"\begin{center}" + f"\n\\includegraphics[{size}]{{{name}}}\n"
                f"\\par{{\\footnotesize {tex_escape(block.caption)}}}\n" + r"\end{center}")
    note = _comment(f"chart left out (edge report -o FILE.tex writes it): {block.caption}")
    return "\n\n".join([note, *(_tex_block(inner, charts) for inner in block.fallback)])


def _tex_lines(block: Block) -> int:
    """About how many lines of text a paragraph or a table takes (a generous count: a table
    row of long text may wrap; a caption and rules take three)."""
    if isinstance(block, Paragraph):
        return 2 + len(block.text) // 100
    if isinstance(block, Table):
        return 4 + sum(1 + max(len(cell_text(cell)) for cell in row) // 50
                       for row in block.rows)
    if isinstance(block, Items):
        return 1 + sum(1 + len(str(item)) // 100 for item in block.items)
    return 10


_TEX_LEVELS = {2: "section", 3: "subsection", 4: "subsubsection", 5: "paragraph"}
TEX_PREAMBLE = r"""\documentclass[10pt,a4paper]{article}
% run pdflatex twice (or latexmk -pdf): the contents' pages and "page x of y" are right after
% the second run
\usepackage[T1]{fontenc}
\usepackage[utf8]{inputenc}
\usepackage{lmodern}
\usepackage[margin=18mm,headheight=14pt]{geometry}
\usepackage{array,longtable,booktabs,graphicx,fancyhdr}
\usepackage[table]{xcolor}
\usepackage[hidelinks]{hyperref}
\setlength{\LTleft}{0pt}
\setlength{\parindent}{0pt}
\setlength{\parskip}{0.5em}
\makeatletter
% start a new page when less than #1 is left on this one (a heading with what follows);
% \edgekeep does the same without inviting a page break where it stands
\newcommand{\edgeroom}[1]{\begingroup\setlength{\dimen@}{#1}%
  \dimen@ii\pagegoal\advance\dimen@ii-\pagetotal
  \ifdim\dimen@>\dimen@ii\ifdim\dimen@ii>\z@\vfil\fi\break\fi\endgroup}
\newcommand{\edgeneedspace}[1]{\par\penalty-100\edgeroom{#1}}
\newcommand{\edgekeep}[1]{\par\penalty\@M\edgeroom{#1}}
\makeatother
"""
# room a heading needs below it on its page, by level (else it starts the next page)
# (a share of the text height)
_TEX_NEED = {2: 0.22, 3: 0.15}


def _page_style(report: Report) -> list[str]:
    """Every page: the title and the document ID and revision at the top, "page x of y"
    at the foot (y from a label on the last page)."""
    ident = ", ".join(part for part in (
        f"document {report.document_id}" if report.document_id else "",
        f"revision {report.revision}" if report.revision else "") if part)
    return [r"\fancypagestyle{edge}{\fancyhf{}",
            f"\\fancyhead[L]{{\\footnotesize {tex_escape(report.title)}}}",
            f"\\fancyhead[R]{{\\footnotesize {tex_escape(ident)}}}",
            r"\fancyfoot[R]{\footnotesize page \thepage\ of \pageref*{LastPage}}",
            r"\renewcommand{\headrulewidth}{0.4pt}\renewcommand{\footrulewidth}{0pt}}",
            r"\pagestyle{edge}"]


def latex_report(report: Report, charts: Callable[[Chart], str] | None = None) -> str:
    """The report as LaTeX; ``charts`` names the file each chart is drawn in (charts are
    included with ``\\includegraphics``), else charts show their fallback tables."""
    out = [TEX_PREAMBLE.rstrip(), *_page_style(report), r"\begin{document}", r"\raggedright",
           r"\begin{center}",
           f"{{\\LARGE {tex_escape(report.title)}}}\\par\\medskip",
           *(f"{{\\small {tex_escape(line)}}}\\par" for line in report.subtitle),
           r"\end{center}"]
    heads = list(numbered_headings(report.sections))
    # the contents are written here, not read back from a .toc file: they take their room
    # on the first pdflatex run, so the page numbers are right after the second run
    out.append(r"\section*{\contentsname}")
    out += [f"\\contentsline{{{_TEX_LEVELS[head.level]}}}{{{tex_escape(head.text)}}}"
            f"{{\\pageref*{{edge-head-{index}}}}}{{}}"
            for index, head in enumerate(heads) if head.level <= 4]
    needs = [0.4 if head.section.page_break and head.level == 2
             else _TEX_NEED.get(head.level, 0.1) for head in heads]
    for index in reversed(range(len(heads) - 1)):
        if not heads[index].section.blocks:     # its first subsection's heading follows
            needs[index] = min(needs[index] + needs[index + 1], 0.6)
    for index, head in enumerate(heads):
        section = head.section
        if index and not heads[index - 1].section.blocks:
            # right under its parent's heading: never a page break between the two (the
            # parent's room counted this heading's too)
            out.append(r"\nopagebreak")
        else:
            out.append(f"\\edgeneedspace{{{needs[index]:.2f}\\textheight}}")
        if section.blocks:
            # and room for the start of what follows it (a table's caption and first rows
            # move to the next page together, and would leave the heading alone here)
            first = section.blocks[0]
            start = min(len(first.rows), 4) + 4 if isinstance(first, Table) else min(
                _tex_lines(first), 6)
            out.append(f"\\edgeroom{{{start + 3}\\baselineskip}}")
        command = _TEX_LEVELS.get(head.level, "paragraph")
        out.append(f"\\{command}*{{{tex_escape(head.text)}}}\\label{{edge-head-{index}}}")
        cut = len(section.blocks) - min(section.keep_last, len(section.blocks))
        for number, block in enumerate(section.blocks):
            if number == cut and section.keep_last:
                # the last blocks together: a new page unless they fit on this one
                lines = sum(_tex_lines(kept) for kept in section.blocks[cut:])
                out.append(f"\\edgeneedspace{{{lines}\\baselineskip}}")
            text = _tex_block(block, charts)
            if text:
                out += [text, ""]
    out += [r"\label{LastPage}", r"\end{document}"]
    return "\n".join(out) + "\n"


def render_tex_with_charts(report: Report, stem: str) -> tuple[str, dict[str, bytes]]:
    """The LaTeX report with its charts: the text, and each chart as a PDF named
    ``{stem}-chart-{n}.pdf`` (to write beside the ``.tex`` file, where ``\\includegraphics``
    finds them)."""
    from edge.document.charts import to_pdf

    files: dict[str, bytes] = {}

    def chart_file(chart: Chart) -> str:
        name = f"{stem}-chart-{len(files) + 1}.pdf"
        files[name] = to_pdf(chart.draw())
        return name

    return latex_report(report, chart_file), files


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


def latex_document(document: Document) -> str:
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
