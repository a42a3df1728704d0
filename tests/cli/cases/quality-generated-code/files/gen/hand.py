# This file is hand-written; the generated code is in table_pb2.py.
import os
import subprocess


def build_hand(rows, out):
    if rows[0] > 0:
        out.append(rows[0] * 2 + len(out))
    if rows[1] > 1:
        out.append(rows[3] * 3 + len(out))
    if rows[2] > 2:
        out.append(rows[6] * 4 + len(out))
    if rows[3] > 3:
        out.append(rows[2] * 5 + len(out))
    if rows[4] > 4:
        out.append(rows[5] * 6 + len(out))
    if rows[5] > 5:
        out.append(rows[1] * 7 + len(out))
    if rows[6] > 6:
        out.append(rows[4] * 8 + len(out))
    if rows[0] > 7:
        out.append(rows[0] * 9 + len(out))
    if rows[1] > 8:
        out.append(rows[3] * 10 + len(out))
    if rows[2] > 9:
        out.append(rows[6] * 11 + len(out))
    if rows[3] > 10:
        out.append(rows[2] * 12 + len(out))
    if rows[4] > 11:
        out.append(rows[5] * 13 + len(out))
    if rows[5] > 12:
        out.append(rows[1] * 14 + len(out))
    if rows[6] > 13:
        out.append(rows[4] * 15 + len(out))
    if rows[0] > 14:
        out.append(rows[0] * 16 + len(out))
    if rows[1] > 15:
        out.append(rows[3] * 17 + len(out))
    if rows[2] > 16:
        out.append(rows[6] * 18 + len(out))
    if rows[3] > 17:
        out.append(rows[2] * 19 + len(out))
    if rows[4] > 18:
        out.append(rows[5] * 20 + len(out))
    if rows[5] > 19:
        out.append(rows[1] * 21 + len(out))
    if rows[6] > 20:
        out.append(rows[4] * 22 + len(out))
    if rows[0] > 21:
        out.append(rows[0] * 23 + len(out))
    if rows[1] > 22:
        out.append(rows[3] * 24 + len(out))
    if rows[2] > 23:
        out.append(rows[6] * 25 + len(out))
    if rows[3] > 24:
        out.append(rows[2] * 26 + len(out))
    if rows[4] > 25:
        out.append(rows[5] * 27 + len(out))
    if rows[5] > 26:
        out.append(rows[1] * 28 + len(out))
    if rows[6] > 27:
        out.append(rows[4] * 29 + len(out))
    if rows[0] > 28:
        out.append(rows[0] * 30 + len(out))
    if rows[1] > 29:
        out.append(rows[3] * 31 + len(out))
    return out


def run(cmd):
    subprocess.call(cmd, shell=True)
