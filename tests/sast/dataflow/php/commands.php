<?php

require_once __DIR__ . '/lib/ShellCommand.php';

use App\Lib\ShellCommand;

function ping_host()
{
    $host = $_GET['host'];
    // expect: CWE-78
    system('ping -c 1 ' . $host);
}

function ping_host_quoted()
{
    $host = escapeshellarg($_GET['host']);
    // ok: CWE-78
    system('ping -c 1 ' . $host);
}

function count_lines()
{
    $file = $_POST['file'];
    // expect: CWE-78
    exec('wc -l /var/data/' . $file, $output);
    return $output;
}

function count_lines_fixed_file()
{
    $file = $_POST['file'];
    $file = 'report.csv';
    // ok: CWE-78
    exec('wc -l /var/data/' . $file, $output);
    return $output;
}

function convert_image()
{
    $format = $_GET['format'] ?? 'png';
    // expect: CWE-78
    return shell_exec('convert /tmp/input.svg /tmp/output.' . $format);
}

function convert_image_quoted()
{
    $format = $_GET['format'] ?? 'png';
    // ok: CWE-78
    return shell_exec('convert /tmp/input.svg ' . escapeshellarg('/tmp/output.' . $format));
}

function tar_command(string $name): string
{
    return 'tar czf /backups/' . $name . '.tgz /var/www/html';
}

function backup_site()
{
    // expect: CWE-78
    passthru(tar_command($_REQUEST['name']));
}

function backup_site_nightly()
{
    // ok: CWE-78
    passthru(tar_command('nightly'));
}

function list_directory()
{
    $dir = $_GET['dir'];
    // expect: CWE-78
    $listing = `ls -la $dir`;
    return $listing;
}

function list_directory_quoted()
{
    $dir = escapeshellarg($_GET['dir']);
    // ok: CWE-78
    $listing = `ls -la $dir`;
    return $listing;
}

function git_log_for_author()
{
    $cmd = 'git -C /srv/repo log --oneline';
    $cmd .= ' --author=' . $_GET['author'];
    $cmd .= ' -n 50';
    $spec = [1 => ['pipe', 'w'], 2 => ['pipe', 'w']];
    // expect: CWE-78
    $proc = proc_open($cmd, $spec, $pipes);
    $out = stream_get_contents($pipes[1]);
    proc_close($proc);
    return $out;
}

function git_log_for_author_quoted()
{
    $cmd = 'git -C /srv/repo log --oneline';
    $cmd .= ' --author=' . escapeshellarg($_GET['author']);
    $cmd .= ' -n 50';
    $spec = [1 => ['pipe', 'w'], 2 => ['pipe', 'w']];
    // ok: CWE-78
    $proc = proc_open($cmd, $spec, $pipes);
    $out = stream_get_contents($pipes[1]);
    proc_close($proc);
    return $out;
}

function grep_logs()
{
    $args = ['grep', '-rn'];
    $args[] = $_POST['pattern'];
    $args[] = '/var/log/app';
    // expect: CWE-78
    $handle = popen(implode(' ', $args), 'r');
    $result = stream_get_contents($handle);
    pclose($handle);
    return $result;
}

function grep_logs_quoted()
{
    $args = ['grep', '-rn'];
    $args[] = escapeshellarg($_POST['pattern']);
    $args[] = '/var/log/app';
    // ok: CWE-78
    $handle = popen(implode(' ', $args), 'r');
    $result = stream_get_contents($handle);
    pclose($handle);
    return $result;
}

function disk_usage_first()
{
    $targets = [$_GET['path'], '/var/www'];
    // expect: CWE-78
    return shell_exec('du -sh ' . $targets[0]);
}

function disk_usage_second()
{
    $targets = [$_GET['path'], '/var/www'];
    // ok: CWE-78
    return shell_exec('du -sh ' . $targets[1]);
}

function restart_queue()
{
    $queues = [];
    array_push($queues, $_COOKIE['queue']);
    // expect: CWE-78
    exec('supervisorctl restart ' . $queues[0]);
}

function restart_queue_quoted()
{
    $queues = [];
    array_push($queues, escapeshellarg($_COOKIE['queue']));
    // ok: CWE-78
    exec('supervisorctl restart ' . $queues[0]);
}

function diagnostics_ping()
{
    $shell = new ShellCommand('/bin');
    return $shell->ping($_POST['target']);
}

function diagnostics_ping_quoted()
{
    $shell = new ShellCommand('/bin');
    return $shell->pingQuoted($_POST['target']);
}

function archive_uploads()
{
    $cmd = (new ShellCommand())->zipCommand($_GET['archive']);
    // expect: CWE-78
    exec($cmd);
}

function archive_uploads_quoted()
{
    $cmd = (new ShellCommand())->zipCommandQuoted($_GET['archive']);
    // ok: CWE-78
    exec($cmd);
}

function run_maintenance_task()
{
    $cmd = 'uptime';
    if (isset($_GET['task'])) {
        $cmd = $_GET['task'];
    }
    // expect: CWE-78
    system($cmd);
}

function run_maintenance_task_dead_branch()
{
    $cmd = 'uptime';
    if (false) {
        $cmd = $_GET['task'];
    }
    // ok: CWE-78
    system($cmd);
}

function generate_locale()
{
    $lang = $_SERVER['HTTP_ACCEPT_LANGUAGE'] ?: 'en_US';
    // expect: CWE-78
    exec('locale -a | grep ' . $lang, $found);
    return $found;
}

function generate_locale_quoted()
{
    $lang = $_SERVER['HTTP_ACCEPT_LANGUAGE'] ?: 'en_US';
    // ok: CWE-78
    exec('locale -a | grep ' . escapeshellarg($lang), $found);
    return $found;
}

function resize_thumbnail()
{
    $width = $_REQUEST['width'];
    $cmd = sprintf('convert /tmp/upload.jpg -resize %sx /tmp/thumb.jpg', $width);
    // expect: CWE-78
    system($cmd);
}

function resize_thumbnail_numeric()
{
    $width = intval($_REQUEST['width']);
    $cmd = sprintf('convert /tmp/upload.jpg -resize %sx /tmp/thumb.jpg', $width);
    // ok: CWE-78
    system($cmd);
}
