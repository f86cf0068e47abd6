#!/usr/bin/python3
"""Recalculates workbooks in LibreOffice Calc, the real client, and prints what it computed.

Usage: recalc.py JOB.json OUT.json

JOB.json: {"workbook": "plan.xlsx", "runs": [{"set": {"Assumptions!C5": 12.5, ...}},
                                            {"change": [{"scenario": "", "key": "tax_rate", "value": 0.3}]}, ...],
           "pdf": "out.pdf"}
Each run loads the workbook afresh, writes the given cells (numbers or text), recalculates everything from scratch
(calculateAll) and records every sheet's values and every cell whose formula is in error. "pdf", when given, is the
workbook as LibreOffice prints it after the first run; a run's own "pdf" prints it after that run.

OUT.json: {"runs": [{"sheets": {"Summary": [[...row...], ...], ...}, "errors": ["Sheet!B7: 504", ...]}, ...]}
Needs Debian's libreoffice-calc-nogui and python3-uno (tests only).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import uno
from com.sun.star.beans import PropertyValue
from com.sun.star.connection import NoConnectException


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def start_office(profile):
    pipe = "mltco_recalc_%d" % os.getpid()
    office = subprocess.Popen(
        ["soffice", "--headless", "--invisible", "--nologo", "--norestore", "--nodefault", "--nolockcheck",
         "-env:UserInstallation=" + uno.systemPathToFileUrl(profile),
         "--accept=pipe,name=%s;urp;StarOffice.ComponentContext" % pipe],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    for _ in range(600):
        try:
            context = resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
            desktop = context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)
            return office, desktop
        except NoConnectException:
            if office.poll() is not None:
                raise SystemExit("LibreOffice stopped before it could be reached (exit %d)" % office.returncode)
            time.sleep(0.1)
    office.kill()
    raise SystemExit("LibreOffice could not be reached in 60 s")


def dump(document):
    sheets = {}
    errors = []
    names = document.Sheets.ElementNames
    for name in names:
        sheet = document.Sheets.getByName(name)
        cursor = sheet.createCursor()
        cursor.gotoEndOfUsedArea(False)
        last_row = cursor.RangeAddress.EndRow
        last_col = cursor.RangeAddress.EndColumn
        area = sheet.getCellRangeByPosition(0, 0, last_col, last_row)
        sheets[name] = [list(row) for row in area.getDataArray()]
        # Every formula cell in error (#NAME?, #REF!, Err:5xx), found by LibreOffice itself.
        found = area.queryFormulaCells(4)  # com.sun.star.sheet.FormulaResult.ERROR
        for address in found.RangeAddresses:
            for r in range(address.StartRow, address.EndRow + 1):
                for c in range(address.StartColumn, address.EndColumn + 1):
                    cell = sheet.getCellByPosition(c, r)
                    errors.append("%s!%s: %d %s" % (name, cell.AbsoluteName.split(".")[-1].replace("$", ""),
                                                      cell.getError(), cell.getFormula()))
    return {"sheets": sheets, "errors": errors}


def main():
    job = json.load(open(sys.argv[1]))
    profile = tempfile.mkdtemp(prefix="mltco-lo-")
    office, desktop = start_office(profile)
    out = {"runs": []}
    try:
        url = uno.systemPathToFileUrl(os.path.abspath(job["workbook"]))
        for i, run in enumerate(job.get("runs", [{}])):
            document = desktop.loadComponentFromURL(url, "_blank", 0, (prop("Hidden", True),))
            # An input by its Assumptions row: {"scenario": "" for the workload, "key": ..., "value": ...}.
            for change in run.get("change", []):
                assumptions = document.Sheets.getByName("Assumptions")
                rows = assumptions.getCellRangeByPosition(0, 0, 1, 5000).getDataArray()
                found = [i for i, r in enumerate(rows) if r[0] == change["scenario"] and r[1] == change["key"]]
                if not found:
                    raise SystemExit("no assumption %s of %r" % (change["key"], change["scenario"]))
                assumptions.getCellByPosition(2, found[0]).setValue(float(change["value"]))
            for target, value in run.get("set", {}).items():
                sheet_name, cell_name = target.rsplit("!", 1)
                cell = document.Sheets.getByName(sheet_name.strip("'")).getCellRangeByName(cell_name)
                if isinstance(value, str):
                    cell.setString(value)
                else:
                    cell.setValue(float(value))
            document.calculateAll()
            out["runs"].append(dump(document))
            pdf = run.get("pdf") or (job.get("pdf") if i == 0 else None)
            if pdf:
                document.storeToURL(uno.systemPathToFileUrl(os.path.abspath(pdf)), (prop("FilterName", "calc_pdf_Export"),))
            document.close(True)
    finally:
        try:
            desktop.terminate()
        except Exception:
            pass
        try:
            office.wait(30)
        except subprocess.TimeoutExpired:
            office.kill()
        shutil.rmtree(profile, ignore_errors=True)
    json.dump(out, open(sys.argv[2], "w"))


if __name__ == "__main__":
    main()
