package com.acme.shop;

import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.Map;
import javax.servlet.ServletException;
import javax.servlet.annotation.MultipartConfig;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.servlet.http.Part;
import org.apache.commons.io.FilenameUtils;

@WebServlet("/files/info")
public class FileServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String name = request.getParameter("file");
        // expect: CWE-22
        File file = new File("/var/shop/uploads/" + name);
        response.setContentLengthLong(file.length());
    }
}

@WebServlet("/files/size")
class FileSizeServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String name = FilenameUtils.getName(request.getParameter("file"));
        // ok: CWE-22
        File file = new File("/var/shop/uploads/" + name);
        response.setContentLengthLong(file.length());
    }
}

@WebServlet("/reports/fetch")
class ReportFetchServlet extends HttpServlet {

    private static final Path REPORT_DIR = Paths.get("/var/shop/reports").toAbsolutePath().normalize();

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String report = request.getParameter("report");
        Path target = REPORT_DIR.resolve(report).normalize();
        // expect: CWE-22
        byte[] data = Files.readAllBytes(target);
        response.setContentLength(data.length);
    }
}

@WebServlet("/reports/download")
class ReportDownloadServlet extends HttpServlet {

    private static final Path REPORT_DIR = Paths.get("/var/shop/reports").toAbsolutePath().normalize();

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String report = request.getParameter("report");
        Path target = REPORT_DIR.resolve(report).normalize();
        if (!target.startsWith(REPORT_DIR)) {
            response.sendError(HttpServletResponse.SC_FORBIDDEN);
            return;
        }
        // ok: CWE-22
        byte[] data = Files.readAllBytes(target);
        response.setContentLength(data.length);
    }
}

@WebServlet("/upload")
@MultipartConfig
class UploadServlet extends HttpServlet {

    private static final String UPLOAD_DIR = "/var/shop/uploads";

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        Part part = request.getPart("file");
        String fileName = part.getSubmittedFileName();
        // expect: CWE-22
        try (FileOutputStream out = new FileOutputStream(new File(UPLOAD_DIR, fileName))) {
            part.getInputStream().transferTo(out);
        }
        response.setStatus(HttpServletResponse.SC_CREATED);
    }
}

@WebServlet("/upload/attachment")
@MultipartConfig
class AttachmentUploadServlet extends HttpServlet {

    private static final String UPLOAD_DIR = "/var/shop/uploads";

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        Part part = request.getPart("file");
        String fileName = FilenameUtils.getName(part.getSubmittedFileName());
        // ok: CWE-22
        try (FileOutputStream out = new FileOutputStream(new File(UPLOAD_DIR, fileName))) {
            part.getInputStream().transferTo(out);
        }
        response.setStatus(HttpServletResponse.SC_CREATED);
    }
}

@WebServlet("/exports/list")
class ExportListServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String dir = request.getParameter("dir");
        String folder = dir == null ? "default" : dir;
        // expect: CWE-22
        File[] files = new File("/srv/shop/exports", folder).listFiles();
        response.setIntHeader("X-File-Count", files == null ? 0 : files.length);
    }
}

@WebServlet("/exports/count")
class ExportCountServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String dir = request.getParameter("dir");
        String folder = Sanitizers.isSafeName(dir) ? dir : "default";
        // ok: CWE-22
        File[] files = new File("/srv/shop/exports", folder).listFiles();
        response.setIntHeader("X-File-Count", files == null ? 0 : files.length);
    }
}

@WebServlet("/templates/render")
class TemplateRenderServlet extends HttpServlet {

    private static final String TEMPLATE_DIR = "/srv/shop/templates/";

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        Map<String, String> options = new HashMap<>();
        options.put("template", request.getParameter("template"));
        options.put("locale", "en");
        // expect: CWE-22
        try (InputStream in = new FileInputStream(TEMPLATE_DIR + options.get("template") + ".html")) {
            response.setIntHeader("X-Template-Size", in.available());
        }
    }
}

@WebServlet("/templates/preview")
class TemplatePreviewServlet extends HttpServlet {

    private static final String TEMPLATE_DIR = "/srv/shop/templates/";

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        Map<String, String> options = new HashMap<>();
        options.put("template", request.getParameter("template"));
        options.put("locale", "en");
        // ok: CWE-22
        try (InputStream in = new FileInputStream(TEMPLATE_DIR + options.get("locale") + ".html")) {
            response.setIntHeader("X-Template-Size", in.available());
        }
    }
}

@WebServlet("/docs/delete")
class DocumentDeleteServlet extends HttpServlet {

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String[] names = {request.getHeader("X-Document"), "placeholder.tmp"};
        // expect: CWE-22
        File doc = new File("/srv/shop/docs", names[0]);
        response.setStatus(doc.delete() ? HttpServletResponse.SC_NO_CONTENT : HttpServletResponse.SC_NOT_FOUND);
    }
}

@WebServlet("/docs/cleanup")
class DocumentCleanupServlet extends HttpServlet {

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String[] names = {request.getHeader("X-Document"), "placeholder.tmp"};
        // ok: CWE-22
        File doc = new File("/srv/shop/docs", names[1]);
        response.setStatus(doc.delete() ? HttpServletResponse.SC_NO_CONTENT : HttpServletResponse.SC_NOT_FOUND);
    }
}

@WebServlet("/documents/get")
class DocumentGetServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String name = request.getParameter("name");
        byte[] data = FileStore.read(name);
        response.setContentLength(data.length);
    }
}

@WebServlet("/documents/open")
class DocumentOpenServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String name = request.getParameter("name");
        byte[] data = FileStore.readFlat(FilenameUtils.getName(name));
        response.setContentLength(data.length);
    }
}

@WebServlet("/exports/create")
class ExportCreateServlet extends HttpServlet {

    private static final String EXPORT_DIR = "/srv/shop/exports/";

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        ExportJob job = new ExportJob(request.getParameter("name"), "csv");
        // expect: CWE-22
        try (FileOutputStream out = new FileOutputStream(EXPORT_DIR + job.getFileName())) {
            out.write("id,total\n".getBytes());
        }
        response.setStatus(HttpServletResponse.SC_CREATED);
    }
}

@WebServlet("/exports/daily")
class ExportDailyServlet extends HttpServlet {

    private static final String EXPORT_DIR = "/srv/shop/exports/";
    private static final String DEFAULT_EXPORT_NAME = "orders-daily.csv";

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        ExportJob job = new ExportJob(DEFAULT_EXPORT_NAME, "csv");
        // ok: CWE-22
        try (FileOutputStream out = new FileOutputStream(EXPORT_DIR + job.getFileName())) {
            out.write("id,total\n".getBytes());
        }
        response.setStatus(HttpServletResponse.SC_CREATED);
    }
}

@WebServlet("/logs/tail")
class LogTailServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String day = request.getParameter("day");
        StringBuilder path = new StringBuilder("/var/log/shop/");
        path.append(day).append(".log");
        // expect: CWE-22
        try (InputStream in = new FileInputStream(path.toString())) {
            response.setIntHeader("X-Log-Bytes", in.available());
        }
    }
}

@WebServlet("/logs/size")
class LogSizeServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String day = request.getParameter("day");
        StringBuilder path = new StringBuilder("/var/log/shop/");
        path.append(Integer.parseInt(day)).append(".log");
        // ok: CWE-22
        try (InputStream in = new FileInputStream(path.toString())) {
            response.setIntHeader("X-Log-Bytes", in.available());
        }
    }
}

@WebServlet("/avatars/raw")
class AvatarServlet extends HttpServlet {

    private static final String AVATAR_DIR = "/srv/shop/avatars";

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String user = request.getParameter("user");
        // expect: CWE-22
        byte[] image = Files.readAllBytes(Paths.get(AVATAR_DIR, avatarFile(user)));
        response.setContentLength(image.length);
    }

    private String avatarFile(String user) {
        return user + ".png";
    }
}

@WebServlet("/avatars/default")
class DefaultAvatarServlet extends HttpServlet {

    private static final String AVATAR_DIR = "/srv/shop/avatars";

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String user = request.getParameter("user");
        // ok: CWE-22
        byte[] image = Files.readAllBytes(Paths.get(AVATAR_DIR, avatarFile(user)));
        response.setContentLength(image.length);
    }

    private String avatarFile(String user) {
        return "default.png";
    }
}
