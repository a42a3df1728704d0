<?php

namespace App\Lib;

use DOMDocument;

class XmlImporter
{
    public function import(string $xml): DOMDocument
    {
        $dom = new DOMDocument();
        // expect: CWE-611
        $dom->loadXML($xml, LIBXML_NOENT | LIBXML_DTDLOAD);
        return $dom;
    }

    public function importPlain(string $xml): DOMDocument
    {
        $dom = new DOMDocument();
        // ok: CWE-611
        $dom->loadXML($xml);
        return $dom;
    }
}
