<?php

require_once __DIR__ . '/lib/Formula.php';

use App\Lib\Formula;

function calculator()
{
    $expr = $_GET['calc'];
    // expect: CWE-95
    eval('$result = ' . $expr . ';');
    return $result;
}

function calculator_numeric()
{
    $expr = (int) $_GET['calc'];
    // ok: CWE-95
    eval('$result = ' . $expr . ';');
    return $result;
}

function sorter_body(string $field): string
{
    return 'return strcmp($a["' . $field . '"], $b["' . $field . '"]);';
}

function sort_rows(array $rows)
{
    // expect: CWE-95
    $cmp = create_function('$a, $b', sorter_body($_GET['sort']));
    usort($rows, $cmp);
    return $rows;
}

function sort_rows_by_name(array $rows)
{
    // ok: CWE-95
    $cmp = create_function('$a, $b', sorter_body('name'));
    usort($rows, $cmp);
    return $rows;
}

function run_hook()
{
    $hooks = [];
    $hooks[] = $_POST['hook'];
    $hooks[] = 'return true;';
    // expect: CWE-95
    return eval($hooks[0]);
}

function run_default_hook()
{
    $hooks = [];
    $hooks[] = $_POST['hook'];
    $hooks[] = 'return true;';
    // ok: CWE-95
    return eval($hooks[1]);
}

function pricing_formula()
{
    $formula = new Formula($_REQUEST['formula']);
    // expect: CWE-95
    return eval('return ' . $formula->expression() . ';');
}

function pricing_formula_fixed()
{
    $formula = new Formula('2 * 21');
    // ok: CWE-95
    return eval('return ' . $formula->expression() . ';');
}

function run_snippet()
{
    $code = isset($_REQUEST['code']) ? $_REQUEST['code'] : 'return 0;';
    // expect: CWE-95
    return eval($code);
}

function run_snippet_fixed()
{
    $code = isset($_REQUEST['code']) ? 'return 1;' : 'return 0;';
    // ok: CWE-95
    return eval($code);
}

function shipping_total()
{
    $src = 'return ';
    $src .= '4.95 * ' . $_GET['qty'];
    $src .= ';';
    // expect: CWE-95
    return eval($src);
}

function shipping_total_numeric()
{
    $src = 'return ';
    $src .= '4.95 * ' . intval($_GET['qty']);
    $src .= ';';
    // ok: CWE-95
    return eval($src);
}

function template_value()
{
    $var = $_COOKIE['tpl_var'] ?? 'title';
    // expect: CWE-95
    return eval('return $GLOBALS["' . $var . '"];');
}

function template_value_allowed()
{
    $var = in_array($_COOKIE['tpl_var'] ?? '', ['title', 'subtitle'], true) ? $_COOKIE['tpl_var'] : 'title';
    // ok: CWE-95
    return eval('return $GLOBALS["' . $var . '"];');
}
