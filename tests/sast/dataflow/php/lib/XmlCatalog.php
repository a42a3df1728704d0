<?php

namespace App\Lib;

use DOMDocument;
use DOMXPath;

class XmlCatalog
{
    private DOMXPath $xpath;

    public function __construct(string $file)
    {
        $doc = new DOMDocument();
        $doc->load($file);
        $this->xpath = new DOMXPath($doc);
    }

    public function findByTitle(string $title)
    {
        // expect: CWE-643
        return $this->xpath->query("//book[title='" . $title . "']");
    }

    public function findById($id)
    {
        // ok: CWE-643
        return $this->xpath->query('//book[@id=' . intval($id) . ']');
    }

    public static function authorExpression(string $author): string
    {
        return "//book[author='" . $author . "']/title";
    }

    public static function featuredExpression(): string
    {
        return "//book[@featured='yes']/title";
    }

    public function xpath(): DOMXPath
    {
        return $this->xpath;
    }
}
